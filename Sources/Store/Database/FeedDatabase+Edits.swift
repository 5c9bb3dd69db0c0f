import FeedModel
import JSON

extension FeedDatabase {
    /// Hides item `id` of feed `key` for good: no later page or reload brings it back.
    public func hide(_ key: FeedKey, id: String) throws(StoreError) {
        let mask = key.mask
        let now = configuration.now()
        try perform { db, userKey in
            try db.transaction {
                let feed = try feedID(key.digest(under: userKey), now: now, db)
                try db.run("INSERT INTO hidden(feed, item) VALUES (?, ?) ON CONFLICT DO NOTHING", [feed, mask.mask(id)])
            }
        }
    }

    /// Sets `fields` on item `id` of feed `key`, over the fields set before; returns all the
    /// fields now set on it.
    @discardableResult
    public func patch(_ key: FeedKey, id: String, fields: JSONObject) throws(StoreError) -> JSONObject {
        let mask = key.mask
        let now = configuration.now()
        return try perform { db, userKey in
            try db.transaction {
                let feed = try feedID(key.digest(under: userKey), now: now, db)
                let item = mask.mask(id)
                let stored = try db.query("SELECT fields FROM edits WHERE feed = ? AND item = ?", [feed, item]) { $0.text(0) }.first
                var merged = stored.flatMap { $0 }.flatMap { try? JSON.parse(mask.unmask($0)).objectValue } ?? JSONObject()
                for (name, value) in fields { merged[name] = value }
                try db.run(
                    "INSERT INTO edits(feed, item, fields) VALUES (?, ?, ?) ON CONFLICT(feed, item) DO UPDATE SET fields = excluded.fields",
                    [feed, item, mask.mask(JSON.object(merged).jsonString)])
                return merged
            }
        }
    }

    /// The edits of feed `feed`.
    func readEdits(feed: Int64, mask: SecretMask, _ db: SQLiteConnection) throws -> LocalEdits {
        let hidden = try db.query("SELECT item FROM hidden WHERE feed = ?", [feed]) { $0.text(0).map(mask.unmask) ?? "" }
        var patches: [String: JSONObject] = [:]
        for (item, fields) in try db.query("SELECT item, fields FROM edits WHERE feed = ?", [feed], row: { ($0.text(0), $0.text(1)) }) {
            guard let item, let fields, let object = try? JSON.parse(mask.unmask(fields)).objectValue else { continue }
            patches[mask.unmask(item)] = object
        }
        return LocalEdits(hidden: Set(hidden), patches: patches)
    }
}

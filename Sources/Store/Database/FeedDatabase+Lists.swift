import FeedModel
import JSON

extension FeedDatabase {
    /// The feed `key`'s list and edits (`nil` when the store knows nothing of it), marking the
    /// feed as just used.
    public func read(_ key: FeedKey) throws(StoreError) -> StoredFeed? {
        let mask = key.mask
        let now = configuration.now()
        return try perform { db, userKey in
            try db.transaction { () throws -> StoredFeed? in
                let found = try db.query("SELECT id, generation, pages, reloaded_at FROM feeds WHERE key = ?", [key.digest(under: userKey)]) {
                    (id: $0.int64(0), generation: $0.int64(1), pages: $0.int(2), reloadedAt: $0.int64(3))
                }
                guard let feed = found.first else { return nil }
                try db.run("UPDATE feeds SET used_at = ? WHERE id = ?", [now, feed.id])
                var list: StoredList?
                if feed.pages > 0 {
                    let items = try db.query("SELECT \(FeedItem.columns) FROM items WHERE feed = ? ORDER BY position", [feed.id]) {
                        FeedItem(row: $0, from: 0, unmasking: mask)
                    }
                    let continuation = try db.query("SELECT next_page, next_cursor, has_more FROM pages WHERE feed = ? AND number = ?", [feed.id, feed.pages - 1]) {
                        FeedContinuation(nextPage: $0.int(0), cursor: $0.text(1).map(mask.unmask), hasMore: $0.int(2) != 0)
                    }
                    if let continuation = continuation.first {
                        list = StoredList(items: items, continuation: continuation, storedAt: feed.reloadedAt, generation: feed.generation)
                    }
                }
                return StoredFeed(list: list, edits: try readEdits(feed: feed.id, mask: mask, db))
            }
        }
    }

    /// Makes `items` (a reload's first page) the feed's whole list, fetched at `storedAt`;
    /// returns the new list's generation, which `appendPage` takes. Edits are kept.
    @discardableResult
    public func replaceList(_ key: FeedKey, items: [FeedItem], continuation: FeedContinuation, storedAt: Int64) throws(StoreError) -> Int64 {
        let mask = key.mask
        let now = configuration.now()
        let generation = Int64.random(in: 1...Int64.max)
        let feed = try perform { db, userKey in
            try db.transaction {
                let feed = try feedID(key.digest(under: userKey), now: now, db)
                try db.run("UPDATE feeds SET generation = ?, pages = 1, reloaded_at = ?, used_at = ? WHERE id = ?", [generation, storedAt, now, feed])
                try db.run("DELETE FROM items WHERE feed = ?", [feed])
                try db.run("DELETE FROM pages WHERE feed = ?", [feed])
                try insert(items, feed: feed, page: 0, from: 0, continuation: continuation, mask: mask, db)
                return feed
            }
        }
        try enforceBound(keeping: feed)
        return generation
    }

    /// Appends `items` as page `page` of the list of `generation`, with the continuation after
    /// it. Does nothing and returns `false` unless the stored list is that generation's first
    /// `page` pages (another reload replaced it, or it was evicted): a list never mixes reloads.
    @discardableResult
    public func appendPage(
        _ key: FeedKey, generation: Int64, page: Int, items: [FeedItem], continuation: FeedContinuation
    ) throws(StoreError) -> Bool {
        let mask = key.mask
        let now = configuration.now()
        let appended = try perform { db, userKey in
            try db.transaction { () throws -> Int64? in
                let found = try db.query("SELECT id, generation, pages FROM feeds WHERE key = ?", [key.digest(under: userKey)]) {
                    (id: $0.int64(0), generation: $0.int64(1), pages: $0.int(2))
                }
                guard let feed = found.first, feed.generation == generation, feed.pages == page, page > 0 else { return nil }
                // The key's index finds the last position at once, however long the list.
                let next = try db.query("SELECT max(position) FROM items WHERE feed = ?", [feed.id]) { $0.optionalInt(0) }.first.flatMap { $0 }
                try insert(items, feed: feed.id, page: page, from: next.map { $0 + 1 } ?? 0, continuation: continuation, mask: mask, db)
                try db.run("UPDATE feeds SET pages = ?, used_at = ? WHERE id = ?", [page + 1, now, feed.id])
                return feed.id
            }
        }
        guard let appended else { return false }
        try enforceBound(keeping: appended)
        return true
    }

    /// The id of the feed named `digest`, made (with no list) when missing.
    func feedID(_ digest: String, now: Int64, _ db: SQLiteConnection) throws -> Int64 {
        try db.run(
            "INSERT INTO feeds(key, generation, pages, reloaded_at, used_at) VALUES (?, ?, 0, 0, ?) ON CONFLICT(key) DO NOTHING",
            [digest, Int64.random(in: 1...Int64.max), now])
        return try db.query("SELECT id FROM feeds WHERE key = ?", [digest]) { $0.int64(0) }.first!
    }

    private func insert(
        _ items: [FeedItem], feed: Int64, page: Int, from position: Int, continuation: FeedContinuation, mask: SecretMask, _ db: SQLiteConnection
    ) throws {
        let sql = "INSERT INTO items(feed, position, page, \(FeedItem.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        for (offset, item) in items.enumerated() {
            try db.run(sql, [feed, position + offset, page] + item.values(masked: mask))
        }
        try db.run(
            "INSERT INTO pages(feed, number, next_page, next_cursor, has_more) VALUES (?, ?, ?, ?, ?)",
            [feed, page, continuation.nextPage, continuation.cursor.map(mask.mask), continuation.hasMore])
    }
}

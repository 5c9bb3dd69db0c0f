extension FeedDatabase {
    /// The bytes the store's live pages take (the file less its free pages).
    public func usedBytes() throws(StoreError) -> Int64 {
        try perform { db, _ in try Self.usedBytes(db) }
    }

    /// The number of feeds stored.
    public func feedCount() throws(StoreError) -> Int {
        try perform { db, _ in try db.query("SELECT count(*) FROM feeds") { $0.int(0) }.first ?? 0 }
    }

    /// Brings the store under `maxBytes`: evicts feeds least recently used first, but not
    /// `keeping` (the feed just written); should that one alone be too big, its last pages go
    /// (its first page stays). Then gives the freed pages back to the file system.
    func enforceBound(keeping feed: Int64) throws(StoreError) {
        guard let maxBytes = configuration.maxBytes else { return }
        try perform { db, _ in
            guard try Self.usedBytes(db) > maxBytes else { return }
            try db.transaction {
                while try Self.usedBytes(db) > maxBytes {
                    if let victim = try db.query("SELECT id FROM feeds WHERE id != ? ORDER BY used_at LIMIT 1", [feed], row: { $0.int64(0) }).first {
                        try db.run("DELETE FROM feeds WHERE id = ?", [victim])
                        continue
                    }
                    let pages = try db.query("SELECT pages FROM feeds WHERE id = ?", [feed]) { $0.int(0) }.first ?? 0
                    guard pages > 1 else { break }
                    try db.run("DELETE FROM items WHERE feed = ? AND page = ?", [feed, pages - 1])
                    try db.run("DELETE FROM pages WHERE feed = ? AND number = ?", [feed, pages - 1])
                    try db.run("UPDATE feeds SET pages = ? WHERE id = ?", [pages - 1, feed])
                }
            }
            _ = try db.query("PRAGMA incremental_vacuum") { _ in () }
        }
    }

    static func usedBytes(_ db: SQLiteConnection) throws -> Int64 {
        let pages = try db.query("PRAGMA page_count") { $0.int64(0) }.first ?? 0
        let free = try db.query("PRAGMA freelist_count") { $0.int64(0) }.first ?? 0
        let size = try db.query("PRAGMA page_size") { $0.int64(0) }.first ?? 4096
        return (pages - free) * size
    }
}

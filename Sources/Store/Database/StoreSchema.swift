/// The store's tables, and the migrations that bring an older file up to date.
///
/// `PRAGMA user_version` holds the schema's version. A file at an older version is migrated in
/// one transaction on open; a file at a newer version (written by a later FeedVM) is left
/// untouched and not used.
enum StoreSchema {
    /// The version this build writes.
    static var currentVersion: Int { migrations.count }

    /// `migrations[n]` brings a file from version `n` to `n + 1`.
    static let migrations: [String] = [
        """
        CREATE TABLE feeds(
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            generation INTEGER NOT NULL,
            pages INTEGER NOT NULL,
            reloaded_at INTEGER NOT NULL,
            used_at INTEGER NOT NULL
        );
        CREATE INDEX feeds_by_use ON feeds(used_at);
        CREATE TABLE pages(
            feed INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            next_page INTEGER NOT NULL,
            next_cursor TEXT,
            has_more INTEGER NOT NULL,
            PRIMARY KEY(feed, number)
        ) WITHOUT ROWID;
        CREATE TABLE items(
            feed INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            page INTEGER NOT NULL,
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            image_url TEXT,
            thumbnail_url TEXT,
            author TEXT,
            source TEXT,
            published_at TEXT,
            width INTEGER,
            height INTEGER,
            extra TEXT,
            PRIMARY KEY(feed, position)
        ) WITHOUT ROWID;
        CREATE TABLE hidden(
            feed INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            PRIMARY KEY(feed, item)
        ) WITHOUT ROWID;
        CREATE TABLE edits(
            feed INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            fields TEXT NOT NULL,
            PRIMARY KEY(feed, item)
        ) WITHOUT ROWID;
        """
    ]

    /// What opening found.
    enum Outcome: Equatable {
        /// The file is at `currentVersion` (perhaps after migrating).
        case ready
        /// The file was written by a newer FeedVM at `version`.
        case newer(version: Int)
    }

    /// Brings the file on `connection` to `currentVersion`, in one write transaction, so
    /// processes opening a new store at once create it once.
    static func migrate(_ connection: SQLiteConnection) throws -> Outcome {
        // Only takes effect before the first table exists: lets eviction give pages back.
        try connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
        return try connection.transaction {
            let version = try connection.query("PRAGMA user_version") { $0.int(0) }.first ?? 0
            guard version <= currentVersion else { return .newer(version: version) }
            for migration in migrations[version...] { try connection.execute(migration) }
            if version < currentVersion { try connection.execute("PRAGMA user_version = \(currentVersion)") }
            return .ready
        }
    }
}

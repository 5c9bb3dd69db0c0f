import CSQLite

/// A failure of SQLite (or of loading it), with SQLite's own message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's extended result code; -1 when the library could not be loaded.
    public var code: Int32
    /// What went wrong, as SQLite says it (`database disk image is malformed`).
    public var message: String

    /// An error with `code` and `message`.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { code & 0xFF }

    /// Whether the file is not a database or is damaged: what setting the store aside cures.
    public var isCorruption: Bool { primaryCode == CSQLITE_CORRUPT || primaryCode == CSQLITE_NOTADB }

    /// Whether another connection held a lock longer than the busy timeout.
    public var isBusy: Bool { primaryCode == CSQLITE_BUSY || primaryCode == CSQLITE_LOCKED }

    /// Whether the file could not be opened, read or written (permissions, a directory in its
    /// place, a full or failing disk).
    public var isUnreadable: Bool {
        [CSQLITE_CANTOPEN, CSQLITE_IOERR, CSQLITE_READONLY, CSQLITE_FULL].contains(primaryCode) || code == -1
    }

    public var description: String { code >= 0 ? "\(message) (SQLite code \(code))" : message }
}

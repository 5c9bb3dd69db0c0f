/// Why a store operation did nothing.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite failed (busy beyond the timeout, a full disk, ...).
    case sqlite(SQLiteError)
    /// A file around the store (its folder, the key file) could not be used.
    case file(StoreFileError)
    /// The store is not usable (`reason`): written by a newer FeedVM, or set aside and not
    /// replaceable.
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case .sqlite(let error): return error.description
        case .file(let error): return error.description
        case .unavailable(let reason): return reason
        }
    }
}

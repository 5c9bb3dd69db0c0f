/// Something about the store that its user should hear of, once: reported through
/// `FeedDatabase`'s `report` callback (FeedVM logs it as a warning).
public enum StoreReport: Sendable, Equatable, CustomStringConvertible {
    /// The file was damaged or unreadable (`reason`, in SQLite's words): it was renamed to
    /// `movedTo` and a new, empty store took its place.
    case setAside(path: String, movedTo: String, reason: String)
    /// The store cannot be used now (`reason`); feeds are not stored until it can.
    case unavailable(path: String, reason: String)
    /// One operation (`operation`, e.g. "store a page") failed for `reason` (another process held
    /// the store longer than the busy timeout, a full disk); the next one tries again.
    case failed(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .setAside(let path, let movedTo, let reason):
            return "the feed store \(path) could not be read (\(reason)); it was moved to \(movedTo) and a new store started"
        case .unavailable(let path, let reason):
            return "the feed store \(path) is not available (\(reason)); feeds are not stored"
        case .failed(let path, let operation, let reason):
            return "the feed store \(path) could not \(operation): \(reason)"
        }
    }
}

import Synchronization

/// How urgently a request wants a connection slot while it waits for one (Kingfisher's
/// `downloadPriority`, URLSessionTask's `priority`). It may be raised while the request waits:
/// a transport reads it each time it hands out a free slot, so a prefetch that the screen now
/// needs overtakes the other prefetches queued before it.
public final class RequestPriority: Sendable, Equatable, CustomStringConvertible {
    /// The levels, lowest first.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        /// Work nobody waits for yet (a prefetch).
        case low = 0
        /// What a request without a priority gets.
        case normal = 1
        /// What the user is looking at now.
        case high = 2

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private let raw: Atomic<Int>

    /// A priority at `level`.
    public init(_ level: Level) { raw = Atomic(level.rawValue) }

    /// The current level.
    public var level: Level { Level(rawValue: raw.load(ordering: .relaxed)) ?? .normal }

    /// Raises the level to `level` if that is higher; a priority is never lowered.
    public func raise(to level: Level) {
        _ = raw.max(level.rawValue, ordering: .relaxed)
    }

    /// One priority object is one request's: two are equal only when they are the same object.
    public static func == (lhs: RequestPriority, rhs: RequestPriority) -> Bool { lhs === rhs }

    public var description: String { "\(level)" }
}

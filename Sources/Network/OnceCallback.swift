import Locking
import Reactive

/// Calls a closure at most once, however many threads race to call it: the first value wins.
///
/// Requests can end three ways at once (the transport answers, the caller cancels, a timeout
/// fires); this guarantees the completion and the plugins see exactly one of them.
public final class OnceCallback<Value: Sendable>: Sendable {
    private let pending: Locked<(@Sendable (Value) -> Void)?>

    /// Holds `callback` until its first call.
    public init(_ callback: @escaping @Sendable (Value) -> Void) {
        pending = Locked(callback)
    }

    /// `true` once the callback has run.
    public var hasFired: Bool { pending.withLock { $0 == nil } }

    /// Runs the callback with `value` unless it already ran.
    public func callAsFunction(_ value: Value) {
        let callback = pending.withLock { pending -> (@Sendable (Value) -> Void)? in
            defer { pending = nil }
            return pending
        }
        callback?(value)
    }
}

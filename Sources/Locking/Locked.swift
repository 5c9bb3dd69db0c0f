#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value whose every read and write goes through one lock.
///
/// `Value` is `Sendable` because `withLock` hands the value (or what `body` returns from it) to
/// whichever thread calls it: only a value that may cross threads can be shared this way. A
/// locked value costs what an `NSLock` does: one object and one mutex.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Safety: `value` is only reachable while holding `mutex`, so no two threads touch it at once.
    private let mutex = PthreadMutex.make()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }

    deinit { PthreadMutex.destroy(mutex) }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A snapshot of the value.
    public var current: Value { withLock { $0 } }
}

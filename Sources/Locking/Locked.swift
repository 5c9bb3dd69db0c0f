#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value whose every read and write goes through one lock.
///
/// `Value` is `Sendable` because `withLock` hands the value (or what `body` returns from it) to
/// whichever thread calls it: only a value that may cross threads can be shared this way. The
/// mutex is its own, not a `Lock`'s, so a locked value costs what an `NSLock` does: one object
/// and one mutex.
///
/// A value made `waitable` also has a condition variable: a thread can wait, with the lock
/// released, until the value is in a state it needs (`wait(until:deadline:)`), and threads that
/// change the value wake the waiters (`broadcast()`).
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Safety: `value` is only reachable while holding `mutex`, so no two threads touch it at once;
    // `condition` is only waited on with `mutex` held, as pthreads require.
    private let mutex = PthreadMutex.make()
    private let condition: UnsafeMutablePointer<pthread_cond_t>?
    private var value: Value

    /// Wraps `value`; `waitable` adds the condition variable of `wait(until:deadline:)`.
    public init(_ value: Value, waitable: Bool = false) {
        self.value = value
        condition = waitable ? PthreadCondition.make() : nil
    }

    deinit {
        PthreadMutex.destroy(mutex)
        if let condition { PthreadCondition.destroy(condition) }
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A snapshot of the value.
    public var current: Value { withLock { $0 } }

    /// Waits, with the lock released meanwhile, until `isReady` holds for the value or
    /// `deadline` (`MonotonicClock.nanoseconds` at that moment) passes, then runs `body` under the lock.
    /// A thread that makes `isReady` hold must call `broadcast()` after changing the value.
    /// Only for values made `waitable`.
    public func wait<Result>(
        until isReady: (Value) -> Bool, deadline: UInt64? = nil, then body: (inout Value) throws -> Result
    ) rethrows -> Result {
        guard let condition else { preconditionFailure("wait on a Locked value that is not waitable") }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isReady(value) {
            if let deadline {
                guard deadline > MonotonicClock.nanoseconds else { break }
                var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &until)
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
        return try body(&value)
    }

    /// Wakes every thread waiting in `wait(until:deadline:then:)`, so each checks its condition again.
    public func broadcast() {
        if let condition { pthread_cond_broadcast(condition) }
    }
}

/// A pthread condition variable on the monotonic clock, at a stable address.
enum PthreadCondition {
    static func make() -> UnsafeMutablePointer<pthread_cond_t> {
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        return condition
    }

    static func destroy(_ condition: UnsafeMutablePointer<pthread_cond_t>) {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }
}

/// The clock of `Locked`'s deadlines: time since an arbitrary moment, never set back.
public enum MonotonicClock {
    /// Nanoseconds now.
    public static var nanoseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Nanoseconds `seconds` from now (at once for a negative delay).
    public static func deadline(after seconds: Double) -> UInt64 {
        nanoseconds &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
    }
}

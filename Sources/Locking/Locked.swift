#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value whose every read and write goes through one lock.
///
/// `Value` is `Sendable` because `withLock` hands the value (or what `body` returns from it) to
/// whichever thread calls it: only a value that may cross threads can be shared this way. The
/// value, its mutex and its condition variable live in one allocation, so a locked value costs
/// one object; copies of a `Locked` share it.
///
/// A value made `waitable` can be waited on: a thread waits, with the lock released meanwhile,
/// until the value is in a state it needs (`wait(until:deadline:then:)`), and threads that
/// change the value wake the waiters (`broadcast()`).
public struct Locked<Value: Sendable>: @unchecked Sendable {
    // Safety: `storage` holds the value behind its mutex; every access below takes the mutex
    // (waits release it only inside `pthread_cond_wait`), so no two threads touch the value at once.
    @usableFromInline let storage: LockedStorage<Value>

    /// Wraps `value`; `waitable` readies the condition variable of `wait(until:deadline:then:)`.
    /// (Inlinable, so that the caller's module, which knows `Value`, names the storage's type:
    /// a generic module would look its metadata up on every call.)
    @inlinable
    public init(_ value: Value, waitable: Bool = false) {
        storage = LockedStorage.make(value, waitable: waitable)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, primitives in
            pthread_mutex_lock(&primitives.pointee.mutex)
            defer { pthread_mutex_unlock(&primitives.pointee.mutex) }
            return try body(&value.pointee)
        }
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
        try storage.withUnsafeMutablePointers { value, primitives in
            precondition(primitives.pointee.isWaitable, "wait on a Locked value that is not waitable")
            pthread_mutex_lock(&primitives.pointee.mutex)
            defer { pthread_mutex_unlock(&primitives.pointee.mutex) }
            while !isReady(value.pointee) {
                if let deadline {
                    guard deadline > MonotonicClock.nanoseconds else { break }
                    var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                    pthread_cond_timedwait(&primitives.pointee.condition, &primitives.pointee.mutex, &until)
                } else {
                    pthread_cond_wait(&primitives.pointee.condition, &primitives.pointee.mutex)
                }
            }
            return try body(&value.pointee)
        }
    }

    /// Wakes every thread waiting in `wait(until:deadline:then:)`, so each checks its condition again.
    public func broadcast() {
        storage.withUnsafeMutablePointerToElements { primitives in
            if primitives.pointee.isWaitable { pthread_cond_broadcast(&primitives.pointee.condition) }
        }
    }
}

/// What a `Locked` value is locked with, stored right after the value.
@usableFromInline
struct LockPrimitives {
    @usableFromInline var mutex = pthread_mutex_t()
    @usableFromInline var condition = pthread_cond_t()
    @usableFromInline var isWaitable = false

    @usableFromInline
    init(isWaitable: Bool) {
        self.isWaitable = isWaitable
    }
}

/// The one allocation of a `Locked` value: the value as the header, its primitives as the one
/// element, at an address that never moves (pthreads need that).
@usableFromInline
final class LockedStorage<Value: Sendable>: ManagedBuffer<Value, LockPrimitives> {
    @inlinable
    static func make(_ value: Value, waitable: Bool) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { primitives in
            primitives.initialize(to: LockPrimitives(isWaitable: waitable))
            pthread_mutex_init(&primitives.pointee.mutex, nil)
            if waitable {
                var attributes = pthread_condattr_t()
                pthread_condattr_init(&attributes)
                pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
                pthread_cond_init(&primitives.pointee.condition, &attributes)
                pthread_condattr_destroy(&attributes)
            }
        }
        return unsafeDowncast(buffer, to: LockedStorage<Value>.self)
    }

    deinit {
        withUnsafeMutablePointerToElements { primitives in
            pthread_mutex_destroy(&primitives.pointee.mutex)
            if primitives.pointee.isWaitable { pthread_cond_destroy(&primitives.pointee.condition) }
            primitives.deinitialize(count: 1)
        }
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

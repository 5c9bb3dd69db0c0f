#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutual-exclusion lock on a pthread mutex.
///
/// We use pthreads rather than `Synchronization.Mutex` because the thread sanitizer on Linux
/// reports false races on the futex-based `Mutex`; pthread locks are understood by it.
public final class Lock: @unchecked Sendable {
    // Safety: the mutex is allocated once, never moved, and only touched through pthread calls,
    // which are themselves thread-safe.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked lock.
    public init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Blocks until the lock is held by the calling thread.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock; the caller must hold it.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` while holding the lock.
    @inline(__always)
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value whose every read and write goes through one lock.
public final class Locked<Value>: @unchecked Sendable {
    // Safety: `value` is only reachable inside `lock.withLock`, so no two threads touch it at once.
    private let lock = Lock()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }

    /// A snapshot of the value.
    public var current: Value { withLock { $0 } }
}

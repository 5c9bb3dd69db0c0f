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
    private let mutex = PthreadMutex.make()

    /// A new, unlocked lock.
    public init() {}

    deinit { PthreadMutex.destroy(mutex) }

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

/// A pthread mutex at a stable address, for the types of this module to own.
enum PthreadMutex {
    static func make() -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }

    static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
}

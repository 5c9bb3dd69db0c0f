#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Hand-offs to other threads (waking a writer, starting a queue's work) requested while the
/// current thread works through a batch, made once each when the batch ends.
///
/// Waking a thread that sleeps costs a system call here and a context switch there; work that
/// arrives in batches (a chunk of pipelined requests, one round of a serial queue's actions)
/// would pay that for every item, where one hand-off per batch does. Inside `run`, a hand-off
/// to a target is recorded once and made when `run` returns; outside any batch it is made at
/// once. A target that must not wait for the batch to end (its queue grew large) asks
/// `isBatching` and hands off at once.
///
/// ```swift
/// HandOffBatch.run {
///     for request in chunk { route(request) }   // each queue's drain starts once, at the end
/// }
/// ```
public enum HandOffBatch {
    /// The calling thread's batch: how deeply `run` is nested and the hand-offs it defers.
    private final class Batch {
        /// Only the batch's thread touches it: an atomic read with no ordering is a plain load,
        /// where a class's `var` is checked for exclusive access on every read.
        let depth = Atomic<Int>(0)
        var targets: [ObjectIdentifier] = []
        var actions: [() -> Void] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { batch in
            if let batch { Unmanaged<AnyObject>.fromOpaque(batch).release() }
        }
        precondition(status == 0, "no thread-specific key for HandOffBatch")
        return key
    }()

    private static var current: Batch {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<Batch>.fromOpaque(stored).takeUnretainedValue()
        }
        let batch = Batch()
        pthread_setspecific(key, Unmanaged.passRetained(batch).toOpaque())
        return batch
    }

    /// Whether the calling thread is inside `run`.
    public static var isBatching: Bool {
        guard let stored = pthread_getspecific(key) else { return false }
        return Unmanaged<Batch>.fromOpaque(stored).takeUnretainedValue().depth.load(ordering: .relaxed) > 0
    }

    /// Runs `body` as a batch: the hand-offs requested inside it are made when it returns (an
    /// inner `run` belongs to the outer batch).
    public static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let batch = current
        batch.depth.add(1, ordering: .relaxed)
        defer {
            if batch.depth.subtract(1, ordering: .relaxed).newValue == 0 {
                while !batch.actions.isEmpty {
                    let actions = batch.actions
                    batch.actions = []
                    batch.targets = []
                    for action in actions { action() }
                }
            }
        }
        return try body()
    }

    /// Makes the hand-off `action` to `target`: at once outside a batch, else once when the
    /// batch ends (a later request for the same target in the same batch is dropped).
    public static func handOff(to target: AnyObject, _ action: @escaping () -> Void) {
        guard let stored = pthread_getspecific(key) else { return action() }
        let batch = Unmanaged<Batch>.fromOpaque(stored).takeUnretainedValue()
        guard batch.depth.load(ordering: .relaxed) > 0 else { return action() }
        let identifier = ObjectIdentifier(target)
        guard !batch.targets.contains(identifier) else { return }
        batch.targets.append(identifier)
        batch.actions.append(action)
    }
}

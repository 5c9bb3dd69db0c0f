import Dispatch
import Locking
import Synchronization

/// Runs work in order on one serial `DispatchQueue`; the headless stand-in for RxSwift's
/// `MainScheduler` (each view model gets its own).
///
/// Actions wait in a list of the scheduler's own and one block on the queue runs them, round
/// after round, until none is left: a burst of actions costs one queue hand-off, not one each.
/// Scheduled from inside a `HandOffBatch` (the RPC reader's chunk of requests), the queue's
/// work starts when the batch ends, or as soon as enough is waiting; a drain runs as a batch of
/// its own, so what its actions hand to other threads (answers to the writer) goes in bulk.
///
/// `now` reads the monotonic clock (`DispatchTime`, `CLOCK_MONOTONIC` on Linux), so it never
/// jumps with wall-clock changes; only differences between readings are meaningful.
public final class SerialDispatchQueueScheduler: SchedulerType {
    private enum Drain: Sendable {
        /// No block of this scheduler is on the queue.
        case idle
        /// A block will be put on the queue when the current hand-off batch ends.
        case deferred
        /// A block is on the queue, or running.
        case queued
    }

    /// An action as the list holds it: a closure in a struct is stored as it is, not wrapped
    /// in a thunk of its own as a bare closure in an array is.
    private struct Action: Sendable {
        let run: @Sendable () -> Void
    }

    private struct Pending: Sendable {
        var actions: [Action] = []
        var drain = Drain.idle
    }

    /// How many actions may wait for the end of a hand-off batch before the queue starts anyway.
    private static let deferredLimit = 64

    /// The queue that runs every action.
    public let queue: DispatchQueue
    private let pending = Locked(Pending())

    /// A scheduler on a new serial queue named `label`.
    public init(label: String, qos: DispatchQoS = .default) {
        queue = DispatchQueue(label: label, qos: qos)
    }

    /// A scheduler on `queue`, which must be serial.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public var now: RxTimeInterval {
        RxTimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        let token = BooleanDisposable()
        enqueue {
            guard !token.isDisposed else { return }
            action()
        }
        return token
    }

    @discardableResult
    public func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        guard dueTime > 0 else { return schedule(action) }
        let token = BooleanDisposable()
        let nanoseconds = Int((dueTime * 1_000_000_000).rounded(.up))
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            enqueue {
                guard !token.isDisposed else { return }
                action()
            }
        }
        return token
    }

    /// Runs `action` after the actions put on this scheduler before it, with no disposable.
    public func enqueue(_ action: @escaping @Sendable () -> Void) {
        let isBatching = HandOffBatch.isBatching
        let next = pending.withLock { pending -> Drain in
            pending.actions.append(Action(run: action))
            switch pending.drain {
            case .queued:
                return .queued
            case .idle where isBatching && pending.actions.count < Self.deferredLimit:
                pending.drain = .deferred
                return .deferred
            case .deferred where pending.actions.count < Self.deferredLimit:
                return .queued  // already deferred: nothing to do
            case .idle, .deferred:
                pending.drain = .queued
                return .idle
            }
        }
        switch next {
        case .idle: queue.async { self.drain() }
        case .deferred: HandOffBatch.handOff(to: self) { self.startDeferredDrain() }
        case .queued: break
        }
    }

    /// The batch that deferred the drain ended: start it, unless it started meanwhile.
    private func startDeferredDrain() {
        let starts = pending.withLock { pending -> Bool in
            guard case .deferred = pending.drain else { return false }
            pending.drain = .queued
            return true
        }
        if starts { queue.async { self.drain() } }
    }

    /// Runs the waiting actions, round after round, until none is left; the whole is one
    /// hand-off batch (the writer, woken when much is queued or at the end, writes in bulk).
    /// The lists trade places each round and the emptied one is handed back at the end, so
    /// the list keeps its capacity from one drain to the next.
    private func drain() {
        var actions: [Action] = []
        HandOffBatch.run {
            while true {
                let hasWork = pending.withLock { pending -> Bool in
                    guard !pending.actions.isEmpty else {
                        pending.drain = .idle
                        if actions.capacity > pending.actions.capacity { swap(&pending.actions, &actions) }
                        return false
                    }
                    swap(&pending.actions, &actions)
                    return true
                }
                guard hasWork else { return }
                for action in actions { action.run() }
                actions.removeAll(keepingCapacity: actions.capacity <= 1 << 12)
            }
        }
    }
}

/// A disposable that only records that it was disposed.
private final class BooleanDisposable: Cancelable {
    private let disposed = Atomic<Bool>(false)

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() { disposed.store(true, ordering: .releasing) }
}

import Reactive

/// A scheduler whose clock only moves when the test says so; work runs on the test's thread
/// in due-time order (ties in scheduling order).
///
/// Stand-in until the Reactive target's `TestScheduler` is merged.
final class VirtualTimeScheduler: SchedulerType {
    private struct Item {
        let due: RxTimeInterval
        let sequence: Int
        let action: @Sendable () -> Void
        let cancellation: Cancelable
    }

    private struct State {
        var now: RxTimeInterval = 0
        var sequence = 0
        var queue: [Item] = []
    }

    private let state = Locked(State())

    var now: RxTimeInterval { state.withLock { $0.now } }

    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        scheduleRelative(0, action)
    }

    @discardableResult
    func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        let cancellation = Disposables.create {}
        state.withLock { state in
            state.sequence += 1
            state.queue.append(Item(due: state.now + dueTime, sequence: state.sequence, action: action, cancellation: cancellation))
        }
        return cancellation
    }

    /// Runs everything due up to `time`, then sets the clock to `time`.
    func advance(to time: RxTimeInterval) {
        while let item = popNext(dueBy: time) {
            if !item.cancellation.isDisposed { item.action() }
        }
        state.withLock { $0.now = max($0.now, time) }
    }

    /// Runs everything due within `interval` from now.
    func advance(by interval: RxTimeInterval) { advance(to: now + interval) }

    private func popNext(dueBy time: RxTimeInterval) -> Item? {
        state.withLock { state -> Item? in
            guard let index = state.queue.indices.min(by: { (state.queue[$0].due, state.queue[$0].sequence) < (state.queue[$1].due, state.queue[$1].sequence) }),
                  state.queue[index].due <= time else { return nil }
            let item = state.queue.remove(at: index)
            state.now = max(state.now, item.due)
            return item
        }
    }
}

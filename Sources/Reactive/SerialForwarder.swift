import Locking

/// Delivers events to one observer one at a time, in the order they were enqueued, and never
/// while holding a lock.
///
/// Whoever finds the forwarder idle delivers; events enqueued meanwhile (by other threads, or by
/// the observer itself, re-entrantly) wait in the queue and are delivered by that same caller
/// before it returns. So an observer is never called concurrently nor re-entered, and a lock is
/// never held while foreign code runs, so reentrancy cannot deadlock. The queue also enforces the
/// grammar: nothing is accepted after a terminal event or after `cancel()`.
///
/// Operators that decide under their own lock call `enqueue` inside it (the order of decisions is
/// the order of delivery) and `drain` after releasing it.
final class SerialForwarder<Observer: ObserverType>: Sendable {
    typealias Element = Observer.Element

    private struct State {
        var pending: [Event<Element>] = []
        var head = 0
        var isDelivering = false
        var isStopped = false
        var isCancelled = false
    }

    private let observer: Observer
    private let state = Locked(State())

    init(_ observer: Observer) {
        self.observer = observer
    }

    /// `true` once a terminal event was accepted or the forwarder was cancelled.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Queues `event` unless a terminal event was already accepted; returns whether it was.
    @discardableResult
    func enqueue(_ event: Event<Element>) -> Bool {
        state.withLock { state in
            guard !state.isStopped else { return false }
            if event.isStopEvent { state.isStopped = true }
            state.pending.append(event)
            return true
        }
    }

    /// Delivers queued events unless another caller is already doing so.
    func drain() {
        let mayDeliver = state.withLock { state -> Bool in
            guard !state.isDelivering, state.head < state.pending.count else { return false }
            state.isDelivering = true
            return true
        }
        guard mayDeliver else { return }
        while let event = nextEvent() {
            observer.on(event)
        }
    }

    /// Queues `event` and delivers the queue. When the forwarder is idle with nothing queued (the
    /// usual case) the event is handed over at once, without passing through the queue: one
    /// lock instead of four, and no array traffic.
    func on(_ event: Event<Element>) {
        let deliversNow = state.withLock { state -> Bool? in
            guard !state.isStopped else { return nil }
            if event.isStopEvent { state.isStopped = true }
            guard state.isDelivering || state.head < state.pending.count else {
                state.isDelivering = true
                return true
            }
            state.pending.append(event)
            return false
        }
        switch deliversNow {
        case true?:
            observer.on(event)
            while let next = nextEvent() {  // what arrived meanwhile, re-entrantly or not
                observer.on(next)
            }
        case false?:
            drain()
        case nil:
            return
        }
    }

    /// Drops everything queued and refuses further events.
    func cancel() {
        state.withLock { state in
            state.isStopped = true
            state.isCancelled = true
        }
    }

    private func nextEvent() -> Event<Element>? {
        state.withLock { state in
            guard !state.isCancelled, state.head < state.pending.count else {
                state.pending.removeAll(keepingCapacity: true)
                state.head = 0
                state.isDelivering = false
                return nil
            }
            defer { state.head += 1 }
            return state.pending[state.head]
        }
    }
}

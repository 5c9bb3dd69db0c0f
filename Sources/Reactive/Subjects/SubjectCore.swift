import Locking

/// The machinery shared by subjects: a set of observers, an optional replay buffer, and a
/// delivery queue that serializes events without holding the lock while observers run.
///
/// Every event is turned, under the lock, into one delivery per current observer and appended to
/// a queue; whoever finds the queue idle drains it. Events emitted concurrently are therefore
/// delivered one at a time, in the order they were accepted, and an event emitted re-entrantly
/// (an observer calling `onNext` on the subject) is delivered after the current one, not nested.
/// A subscriber's replay is queued under the same lock as the value it reads, so it can never
/// arrive after a newer element. An observer disposed while deliveries are queued gets none of them.
final class SubjectCore<Element: Sendable>: Sendable {
    private struct State {
        var observers: [Int: AnyObserver<Element>] = [:]
        /// Keys of observers still receiving broadcasts, in subscription order.
        var order: [Int] = []
        var nextKey = 0
        var buffer: [Element] = []
        var stopEvent: Event<Element>?
        var pending: [(key: Int, event: Event<Element>)] = []
        var head = 0
        var isDelivering = false
    }

    private let state: Locked<State>
    private let bufferSize: Int
    private let replaysAfterStop: Bool

    /// - Parameters:
    ///   - bufferSize: how many latest elements a new subscriber receives first.
    ///   - initial: elements already in the buffer (a `BehaviorSubject`'s initial value).
    ///   - replaysAfterStop: whether a subscriber arriving after the terminal event still gets the
    ///     buffer before it (a replay subject) or only the terminal event (a behavior subject).
    init(bufferSize: Int, initial: [Element] = [], replaysAfterStop: Bool) {
        var state = State()
        state.buffer = Array(initial.suffix(bufferSize))
        self.state = Locked(state)
        self.bufferSize = bufferSize
        self.replaysAfterStop = replaysAfterStop
    }

    /// Accepts `event` for every current observer unless the subject has already terminated.
    func on(_ event: Event<Element>) {
        state.withLock { state in
            guard state.stopEvent == nil else { return }
            switch event {
            case .next(let element):
                if bufferSize > 0 {
                    if state.buffer.count == bufferSize { state.buffer.removeFirst() }
                    state.buffer.append(element)
                }
            case .error, .completed:
                state.stopEvent = event
            }
            for key in state.order { state.pending.append((key, event)) }
            if event.isStopEvent { state.order.removeAll() }
        }
        drain()
    }

    /// Adds `observer`, queues its replay, and returns the disposable that removes it.
    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let key = state.withLock { state -> Int in
            let key = state.nextKey
            state.nextKey += 1
            state.observers[key] = observer
            if state.stopEvent == nil || replaysAfterStop {
                for element in state.buffer { state.pending.append((key, .next(element))) }
            }
            if let stopEvent = state.stopEvent {
                state.pending.append((key, stopEvent))
            } else {
                state.order.append(key)
            }
            return key
        }
        drain()
        return Disposables.create { self.remove(key) }
    }

    /// The latest buffered element, or the error the subject failed with.
    func latest() throws -> Element? {
        try state.withLock { state in
            if case .error(let error) = state.stopEvent { throw error }
            return state.buffer.last
        }
    }

    /// `true` while at least one observer is subscribed and the subject has not terminated.
    var hasObservers: Bool { state.withLock { !$0.order.isEmpty } }

    /// `true` once a terminal event was accepted.
    var isStopped: Bool { state.withLock { $0.stopEvent != nil } }

    private func remove(_ key: Int) {
        state.withLock { state in
            state.observers[key] = nil
            if let index = state.order.firstIndex(of: key) { state.order.remove(at: index) }
        }
    }

    private func drain() {
        let mayDeliver = state.withLock { state -> Bool in
            guard !state.isDelivering, state.head < state.pending.count else { return false }
            state.isDelivering = true
            return true
        }
        guard mayDeliver else { return }
        while let (observer, event) = nextDelivery() {
            observer.on(event)
        }
    }

    private func nextDelivery() -> (AnyObserver<Element>, Event<Element>)? {
        state.withLock { state in
            while state.head < state.pending.count {
                let (key, event) = state.pending[state.head]
                state.head += 1
                guard let observer = state.observers[key] else { continue }
                if event.isStopEvent { state.observers[key] = nil }
                return (observer, event)
            }
            state.pending.removeAll(keepingCapacity: true)
            state.head = 0
            state.isDelivering = false
            return nil
        }
    }
}

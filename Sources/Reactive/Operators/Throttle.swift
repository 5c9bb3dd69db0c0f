extension ObservableType {
    /// Emits the first element, then at most one element per `dueTime` seconds. With `latest`
    /// (the default) the last element that arrived during the quiet period is emitted when the
    /// period ends; without it such elements are dropped. Timers run on `scheduler`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let sink = ThrottleSink(dueTime: dueTime, latest: latest, scheduler: scheduler, observer: observer)
            let subscription = self.subscribe(sink)
            return Disposables.create(subscription, sink.timer)
        }
    }
}

private final class ThrottleSink<Scheduler: SchedulerType, Element: Sendable>: ObserverType {
    private struct State {
        var lastSentTime: RxTimeInterval?
        var unsent: Element?
        var isCompleted = false
    }

    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: Scheduler
    private let forwarder: SerialForwarder<AnyObserver<Element>>
    private let state = Locked(State())
    let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, latest: Bool, scheduler: Scheduler, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        self.forwarder = SerialForwarder(observer)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            let wait = state.withLock { state -> RxTimeInterval? in
                let remaining = state.lastSentTime.map { dueTime - (now - $0) } ?? 0
                if remaining <= 0 {
                    send(element, at: now, in: &state)
                    return nil
                }
                guard latest else { return nil }
                let isTimerRunning = state.unsent != nil
                state.unsent = element
                return isTimerRunning ? nil : remaining
            }
            if let wait {
                timer.disposable = scheduler.scheduleRelative(wait) { self.sendUnsent() }
            }
            forwarder.drain()
        case .error:
            state.withLock { state in
                state.unsent = nil
                forwarder.enqueue(event)
            }
            timer.dispose()
            forwarder.drain()
        case .completed:
            state.withLock { state in
                if state.unsent != nil {
                    state.isCompleted = true
                } else {
                    forwarder.enqueue(.completed)
                }
            }
            forwarder.drain()
        }
    }

    private func sendUnsent() {
        let now = scheduler.now
        state.withLock { state in
            if let unsent = state.unsent { send(unsent, at: now, in: &state) }
            if state.isCompleted { forwarder.enqueue(.completed) }
        }
        forwarder.drain()
    }

    /// Queues `element` and starts a new quiet period; call inside the lock.
    private func send(_ element: Element, at now: RxTimeInterval, in state: inout State) {
        state.unsent = nil
        state.lastSentTime = now
        forwarder.enqueue(.next(element))
    }
}

extension ObservableType {
    /// Delivers every event through `scheduler`, in order, one scheduled action per event as in
    /// RxSwift: the first event waiting schedules an action that delivers it and, if more are
    /// waiting, schedules the next (so on a `TestScheduler` a burst is spread over successive
    /// ticks). The scheduler must be serial, as all schedulers of this library are. Pending events
    /// are dropped when the subscription is disposed.
    public func observe(on scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let sink = ObserveOnSink(scheduler: scheduler, observer: observer)
            let subscription = self.subscribe(sink)
            return Disposables.create(subscription, sink.pending)
        }
    }
}

private final class ObserveOnSink<Scheduler: SchedulerType, Element: Sendable>: ObserverType {
    private struct State {
        var queue: [Event<Element>] = []
        var head = 0
        var isScheduled = false

        /// The oldest waiting event, if any.
        mutating func dequeue() -> Event<Element>? {
            guard head < queue.count else { return nil }
            defer {
                head += 1
                if head == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    head = 0
                }
            }
            return queue[head]
        }
    }

    private let scheduler: Scheduler
    private let observer: AnyObserver<Element>
    private let state = Locked(State())
    /// The scheduled delivery; disposing it cancels it and every later one.
    let pending = SerialDisposable()

    init(scheduler: Scheduler, observer: AnyObserver<Element>) {
        self.scheduler = scheduler
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        let startsDelivery = state.withLock { state -> Bool in
            state.queue.append(event)
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        if startsDelivery { scheduleDelivery() }
    }

    private func scheduleDelivery() {
        pending.disposable = scheduler.schedule { self.deliverOne() }
    }

    private func deliverOne() {
        let next = state.withLock { state -> Event<Element>? in
            let event = state.dequeue()
            if event == nil { state.isScheduled = false }
            return event
        }
        guard let event = next else { return }
        observer.on(event)
        let hasMore = state.withLock { state -> Bool in
            state.isScheduled = state.head < state.queue.count
            return state.isScheduled
        }
        if hasMore { scheduleDelivery() }
    }
}

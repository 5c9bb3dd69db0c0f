import Locking

extension ObservableType {
    /// Delivers every event through `scheduler`, in order; pending events are dropped when the
    /// subscription is disposed. The scheduler must be serial, as all schedulers of this
    /// library are.
    ///
    /// As in RxSwift: on a `SerialDispatchQueueScheduler` each event is scheduled as it arrives;
    /// on any other scheduler (a `TestScheduler`) one action delivers one event and schedules the
    /// next, so a burst is spread over successive ticks.
    public func observe(on scheduler: some SchedulerType) -> Observable<Element> {
        if let queue = scheduler as? SerialDispatchQueueScheduler {
            return Observable { observer in
                let sink = ObserveOnSerialQueueSink(scheduler: queue, observer: observer)
                return Disposables.create(self.subscribe(sink), sink.pending)
            }
        }
        return Observable { observer in
            let sink = ObserveOnSink(scheduler: scheduler, observer: observer)
            return Disposables.create(self.subscribe(sink), sink.pending)
        }
    }
}

/// Schedules every event on the queue as it arrives (RxSwift's `ObserveOnSerialDispatchQueue`).
private final class ObserveOnSerialQueueSink<Element: Sendable>: ObserverType {
    private let scheduler: SerialDispatchQueueScheduler
    private let observer: AnyObserver<Element>
    /// Events scheduled but not yet delivered; disposing it cancels them.
    let pending = CompositeDisposable()

    init(scheduler: SerialDispatchQueueScheduler, observer: AnyObserver<Element>) {
        self.scheduler = scheduler
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        let slot = SerialDisposable()
        guard let key = pending.insert(slot) else { return }
        slot.disposable = scheduler.schedule { [observer, pending] in
            pending.remove(for: key)
            observer.on(event)
        }
    }
}

/// Queues events and delivers one per scheduled action (RxSwift's `ObserveOnSink`).
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

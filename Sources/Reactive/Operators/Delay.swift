extension ObservableType {
    /// Every element and the completion shifted later by `dueTime` seconds on `scheduler`; an
    /// error is forwarded at once and drops the elements still waiting.
    public func delay(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer)
            let subscription = self.subscribe(sink)
            return Disposables.create(subscription, sink.pending)
        }
    }
}

private final class DelaySink<Scheduler: SchedulerType, Element: Sendable>: ObserverType {
    private let dueTime: RxTimeInterval
    private let scheduler: Scheduler
    private let forwarder: SerialForwarder<AnyObserver<Element>>
    /// Events scheduled but not yet delivered; disposing it cancels them.
    let pending = CompositeDisposable()

    init(dueTime: RxTimeInterval, scheduler: Scheduler, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        self.forwarder = SerialForwarder(observer)
    }

    func on(_ event: Event<Element>) {
        if case .error = event {
            pending.dispose()
            forwarder.on(event)
            return
        }
        let slot = SerialDisposable()
        guard let key = pending.insert(slot) else { return }
        slot.disposable = scheduler.scheduleRelative(dueTime) { [forwarder, pending] in
            pending.remove(for: key)
            forwarder.on(event)
        }
    }
}

extension ObservableType {
    /// Delivers every event through `scheduler`, in order (the scheduler must be serial, as all
    /// schedulers of this library are). Pending events are dropped when the subscription is
    /// disposed.
    public func observe(on scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let sink = ObserveOnSink(scheduler: scheduler, observer: observer)
            let subscription = self.subscribe(sink)
            return Disposables.create(subscription, sink.pending)
        }
    }
}

private final class ObserveOnSink<Scheduler: SchedulerType, Element: Sendable>: ObserverType {
    private let scheduler: Scheduler
    private let observer: AnyObserver<Element>
    /// Events scheduled but not yet delivered; disposing it cancels them.
    let pending = CompositeDisposable()

    init(scheduler: Scheduler, observer: AnyObserver<Element>) {
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

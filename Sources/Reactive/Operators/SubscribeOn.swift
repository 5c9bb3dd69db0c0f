extension ObservableType {
    /// Subscribes to this sequence (runs its subscription side effects) on `scheduler`, and
    /// disposes that subscription on `scheduler` too, as RxSwift does.
    public func subscribe(on scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let subscription = SerialDisposable()
            let scheduled = scheduler.schedule {
                subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: self.subscribe(observer))
            }
            return Disposables.create(scheduled, subscription)
        }
    }
}

/// Disposes the disposable it wraps on `scheduler`.
private final class ScheduledDisposable<Scheduler: SchedulerType>: Disposable {
    private let scheduler: Scheduler
    private let disposable: Disposable

    init(scheduler: Scheduler, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    func dispose() {
        scheduler.schedule { [disposable] in disposable.dispose() }
    }
}

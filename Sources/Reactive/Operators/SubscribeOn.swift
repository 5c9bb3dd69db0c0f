extension ObservableType {
    /// Subscribes to this sequence (runs its subscription side effects) on `scheduler`.
    public func subscribe(on scheduler: some SchedulerType) -> Observable<Element> {
        Observable { observer in
            let subscription = SerialDisposable()
            let scheduled = scheduler.schedule {
                subscription.disposable = self.subscribe(observer)
            }
            return Disposables.create(scheduled, subscription)
        }
    }
}

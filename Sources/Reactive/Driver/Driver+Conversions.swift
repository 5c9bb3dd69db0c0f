extension ObservableType {
    /// This sequence as a `Driver` on `scheduler`: on error it emits `element` and completes.
    public func asDriver(onErrorJustReturn element: Element, scheduler: any SchedulerType = SharingScheduler.shared) -> Driver<Element> {
        Driver(unchecked: catchAndReturn(element), scheduler: scheduler)
    }

    /// This sequence as a `Driver` on `scheduler`: on error it continues with `fallback`.
    public func asDriver(onErrorDriveWith fallback: Driver<Element>, scheduler: any SchedulerType = SharingScheduler.shared) -> Driver<Element> {
        Driver(unchecked: self.catch { _ in fallback.asObservable() }, scheduler: scheduler)
    }

    /// This sequence as a `Driver` on `scheduler`: on error it continues with the driver
    /// `recover` returns for the error.
    public func asDriver(onErrorRecover recover: @escaping @Sendable (any Error) -> Driver<Element>, scheduler: any SchedulerType = SharingScheduler.shared) -> Driver<Element> {
        Driver(unchecked: self.catch { recover($0).asObservable() }, scheduler: scheduler)
    }
}

extension BehaviorRelay {
    /// The relay as a `Driver` on `scheduler`; a relay never errors.
    public func asDriver(scheduler: any SchedulerType = SharingScheduler.shared) -> Driver<Element> {
        Driver(unchecked: self, scheduler: scheduler)
    }
}

extension PublishRelay {
    /// The relay as a `Driver` on `scheduler`; a relay never errors.
    public func asDriver(scheduler: any SchedulerType = SharingScheduler.shared) -> Driver<Element> {
        Driver(unchecked: self, scheduler: scheduler)
    }
}

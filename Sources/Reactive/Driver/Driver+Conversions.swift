extension ObservableType {
    /// This sequence as a `Driver` on `scheduler`: on error it emits `element` and completes.
    public func asDriver(onErrorJustReturn element: Element, scheduler: any SchedulerType = SharingScheduler.shared) -> Driver<Element> {
        Driver(unchecked: catchAndReturn(element), scheduler: scheduler)
    }
}

/// A sequence for binding state to a consumer (RxCocoa's `Driver`): it never errors, delivers
/// every event on its scheduler, and shares one subscription among all observers, replaying the
/// latest element to each new one.
///
/// RxCocoa binds a Driver to the main thread. FeedVM is headless and has no main thread, so a
/// Driver is bound to the scheduler given when it is made — a view model passes its own serial
/// scheduler (or a `TestScheduler` in tests) — or, when none is given, to
/// `SharingScheduler.shared`, one process-wide serial queue.
public struct Driver<Element: Sendable>: ObservableType {
    private let source: Observable<Element>
    /// The scheduler every event is delivered on.
    public let scheduler: any SchedulerType

    /// Wraps `source`, which the caller guarantees never errors, delivering on `scheduler` with
    /// shared replay of the latest element.
    public init(unchecked source: some ObservableType<Element>, scheduler: any SchedulerType = SharingScheduler.shared) {
        self.init(delivered: source.observe(on: scheduler), scheduler: scheduler)
    }

    /// Wraps `source`, which already delivers on `scheduler` and never errors.
    private init(delivered source: some ObservableType<Element>, scheduler: any SchedulerType) {
        self.source = source.share(replay: 1, scope: .whileConnected)
        self.scheduler = scheduler
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// Each element transformed, still delivered on the same scheduler.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Driver<Result> {
        Driver<Result>(delivered: source.map(transform), scheduler: scheduler)
    }

    /// Only the elements for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Driver<Element> {
        Driver(delivered: source.filter(isIncluded), scheduler: scheduler)
    }
}

/// The scheduler a `Driver` uses when none is given.
public enum SharingScheduler {
    /// One process-wide serial queue, the headless stand-in for the main thread.
    public static let shared = SerialDispatchQueueScheduler(label: "Reactive.SharingScheduler")
}

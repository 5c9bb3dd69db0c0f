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

    /// A driver of one element.
    public static func just(_ element: Element, scheduler: any SchedulerType = SharingScheduler.shared) -> Driver {
        Driver(unchecked: Observable.just(element), scheduler: scheduler)
    }

    /// A driver that completes at once.
    public static func empty(scheduler: any SchedulerType = SharingScheduler.shared) -> Driver {
        Driver(unchecked: Observable.empty(), scheduler: scheduler)
    }

    /// A driver that never emits.
    public static func never(scheduler: any SchedulerType = SharingScheduler.shared) -> Driver {
        Driver(delivered: Observable.never(), scheduler: scheduler)
    }

    /// Each element transformed, still delivered on the same scheduler.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Driver<Result> {
        Driver<Result>(delivered: source.map(transform), scheduler: scheduler)
    }

    /// Only the elements for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Driver<Element> {
        Driver(delivered: source.filter(isIncluded), scheduler: scheduler)
    }

    /// The elements of the driver `selector` returns for the latest element; those drivers are
    /// expected to deliver on this driver's scheduler.
    public func flatMapLatest<Result: Sendable>(_ selector: @escaping @Sendable (Element) -> Driver<Result>) -> Driver<Result> {
        Driver<Result>(delivered: source.flatMapLatest(selector), scheduler: scheduler)
    }
}

extension Driver where Element: Equatable {
    /// Drops elements equal to the one just before them.
    public func distinctUntilChanged() -> Driver<Element> {
        Driver(delivered: source.distinctUntilChanged(), scheduler: scheduler)
    }
}

/// The scheduler a `Driver` uses when none is given.
public enum SharingScheduler {
    /// One process-wide serial queue, the headless stand-in for the main thread.
    public static let shared = SerialDispatchQueueScheduler(label: "Reactive.SharingScheduler")
}

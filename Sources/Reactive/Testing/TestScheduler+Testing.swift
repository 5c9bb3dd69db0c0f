/// RxTest's helpers: test observables that emit recorded events, observers that record them,
/// and `start(created:subscribed:disposed:create:)`.
extension TestScheduler {
    /// A hot observable: emits `events` at their absolute ticks to whoever is subscribed then.
    public func createHotObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        let observable = TestableObservable<Element>(scheduler: self, events: events, isHot: true)
        for recorded in events {
            scheduleAt(recorded.time) { observable.broadcast(recorded.value) }
        }
        return observable
    }

    /// A cold observable: replays `events` to each subscriber, at ticks relative to its subscription.
    public func createColdObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, events: events, isHot: false)
    }

    /// An observer that records every event with the tick it arrived at.
    public func createObserver<Element: Sendable>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates the sequence at `created`, subscribes to it at `subscribed`, disposes the
    /// subscription at `disposed`, runs the scheduler to the end and returns what was recorded.
    public func start<Source: ObservableType>(
        created: TestTime = 100,
        subscribed: TestTime = 200,
        disposed: TestTime = 1000,
        create: @escaping @Sendable () -> Source
    ) -> TestableObserver<Source.Element> {
        let source = Locked<Source?>(nil)
        let subscription = Locked<Disposable?>(nil)
        let observer = createObserver(Source.Element.self)
        scheduleAt(created) { source.withLock { $0 = create() } }
        scheduleAt(subscribed) {
            let disposable = source.current!.subscribe(observer)
            subscription.withLock { $0 = disposable }
        }
        scheduleAt(disposed) { subscription.current?.dispose() }
        start()
        return observer
    }
}

/// Records the events it receives, stamped with the `TestScheduler`'s clock (RxTest's observer).
public final class TestableObserver<Element: Sendable>: ObserverType {
    private let scheduler: TestScheduler
    private let recorded = Locked<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Everything received so far, in order.
    public var events: [Recorded<Event<Element>>] { recorded.current }

    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }
}

/// An observable that emits recorded events in virtual time and records its subscriptions.
public final class TestableObservable<Element: Sendable>: ObservableType {
    private struct State {
        var observers: [Int: AnyObserver<Element>] = [:]
        var subscriptions: [Subscription] = []
    }

    private let scheduler: TestScheduler
    private let state = Locked(State())
    private let isHot: Bool
    /// The events this observable emits.
    public let recordedEvents: [Recorded<Event<Element>>]

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>], isHot: Bool) {
        self.scheduler = scheduler
        self.recordedEvents = events
        self.isHot = isHot
    }

    /// When each subscription started and ended, in ticks.
    public var subscriptions: [Subscription] { state.withLock { $0.subscriptions } }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let start = scheduler.clock
        let index = state.withLock { state -> Int in
            state.subscriptions.append(Subscription(start))
            if isHot { state.observers[state.subscriptions.count - 1] = AnyObserver(observer) }
            return state.subscriptions.count - 1
        }
        let scheduled = CompositeDisposable()
        if !isHot {
            for recorded in recordedEvents {
                scheduled.insert(scheduler.scheduleAt(start + recorded.time) { observer.on(recorded.value) })
            }
        }
        return Disposables.create { [scheduler, state] in
            scheduled.dispose()
            let end = scheduler.clock
            state.withLock { state in
                state.observers[index] = nil
                state.subscriptions[index] = Subscription(start, end)
            }
        }
    }

    /// Delivers `event` to the current observers (hot observables only).
    func broadcast(_ event: Event<Element>) {
        let observers = state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers { observer.on(event) }
    }
}

import Locking
import Reactive

extension TestScheduler {
    /// RxTest's default times for `start(created:subscribed:disposed:create:)`.
    public enum Defaults {
        /// When the sequence under test is created.
        public static let created: TestTime = 100
        /// When it is subscribed to.
        public static let subscribed: TestTime = 200
        /// When the subscription is disposed.
        public static let disposed: TestTime = 1000
    }

    /// A hot observable: emits `events` at their absolute ticks to whoever is subscribed then.
    public func createHotObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, events: events, isHot: true)
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
        created: TestTime = Defaults.created,
        subscribed: TestTime = Defaults.subscribed,
        disposed: TestTime = Defaults.disposed,
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

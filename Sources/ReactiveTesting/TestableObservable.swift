import Locking
import Reactive

/// An observable that emits recorded events in virtual time and records its subscriptions
/// (RxTest's hot and cold observables).
///
/// A hot one emits each event at its absolute tick to the observers subscribed then; a cold one
/// replays every event to each observer, at ticks relative to that observer's subscription.
/// Neither ends a subscription by itself: a subscription is recorded as closed when it is
/// disposed, as operators do after a terminal event.
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
        guard isHot else { return }
        for recorded in events {
            scheduler.scheduleAt(recorded.time) { [state] in
                let observers = state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
                for observer in observers { observer.on(recorded.value) }
            }
        }
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
        let replay = CompositeDisposable()
        if !isHot {
            for recorded in recordedEvents {
                replay.insert(scheduler.scheduleRelativeVirtual(recorded.time) { observer.on(recorded.value) })
            }
        }
        return Disposables.create { [scheduler, state] in
            replay.dispose()
            let end = scheduler.clock
            state.withLock { state in
                state.observers[index] = nil
                state.subscriptions[index] = Subscription(start, end)
            }
        }
    }
}

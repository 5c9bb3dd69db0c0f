import Locking
import Reactive
import ReactiveTesting

// RxSwift's `Tests/RxSwiftTests/TestImplementations/Mocks`: a hot observable driven by hand,
// outside virtual time, and an observer that records what it receives.

let SubscribedToHotObservable = Subscription(0)
let UnsunscribedFromHotObservable = Subscription(0, 0)

final class PrimitiveHotObservable<Element: Sendable>: ObservableType {
    private let observers = PublishSubject<Element>()
    private let recorded = Locked<[Subscription]>([])

    var subscriptions: [Subscription] { recorded.current }

    func on(_ event: Event<Element>) { observers.on(event) }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let removeObserver = observers.subscribe(observer)
        let index = recorded.withLock { subscriptions -> Int in
            subscriptions.append(SubscribedToHotObservable)
            return subscriptions.count - 1
        }
        return Disposables.create { [recorded] in
            removeObserver.dispose()
            recorded.withLock { $0[index] = UnsunscribedFromHotObservable }
        }
    }
}

final class PrimitiveMockObserver<Element: Sendable>: ObserverType {
    private let recorded = Locked<[Recorded<Event<Element>>]>([])

    var events: [Recorded<Event<Element>>] { recorded.current }

    func on(_ event: Event<Element>) {
        recorded.withLock { $0.append(Recorded(time: 0, value: event)) }
    }
}

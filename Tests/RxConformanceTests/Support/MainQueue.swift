import Dispatch
import Reactive
import ReactiveTesting

/// The headless stand-in for the main thread in the ported Driver tests: a serial queue that
/// knows when it is the one running ("`DispatchQueue.isMain`").
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()

    static let scheduler: SerialDispatchQueueScheduler = {
        let scheduler = SerialDispatchQueueScheduler(label: "RxConformanceTests.main")
        scheduler.queue.setSpecific(key: key, value: true)
        return scheduler
    }()

    /// Whether the caller runs on the main stand-in.
    static var isMain: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// RxSwift's `BackgroundThreadPrimitiveHotObservable`: subscriptions must not come from the main
/// stand-in.
final class BackgroundThreadPrimitiveHotObservable<Element: Equatable & Sendable>: ObservableType {
    private let hot = PrimitiveHotObservable<Element>()

    var subscriptions: [Subscription] { hot.subscriptions }

    func on(_ event: Event<Element>) { hot.on(event) }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        precondition(!MainQueue.isMain, "subscribed on the main stand-in")
        return hot.subscribe(observer)
    }
}

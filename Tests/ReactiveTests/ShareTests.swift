import Locking
import Reactive
import ReactiveTesting
import XCTest

final class ShareTests: XCTestCase {
    func testObserversShareOneSubscriptionAndLateOnesGetTheReplay() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(40, 3), .completed(50)])
        let shared = xs.share(replay: 1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(early) }
        scheduler.scheduleAt(225) { _ = shared.subscribe(late) }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(late.events, [.next(225, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testLastObserverLeavingDisconnectsAndTheNextOneReconnectsWithoutStaleReplay() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let shared = xs.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscription = Locked<Disposable?>(nil)
        scheduler.scheduleAt(200) { subscription.withLock { $0 = shared.subscribe(first) } }
        scheduler.scheduleAt(250) { subscription.current?.dispose() }
        scheduler.scheduleAt(400) { _ = shared.subscribe(second) }
        scheduler.advanceTo(420)

        XCTAssertEqual(first.events, [.next(210, 1)])
        XCTAssertEqual(second.events, [.next(410, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(400)])
    }

    func testAfterCompletionTheNextObserverResubscribes() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(300) { _ = shared.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }
}

extension ShareTests {
    /// As in RxSwift, a terminal event ends the shared source subscription before the
    /// observers hear it, so an observer reacting to the end sees the source released.
    func testATerminalEventEndsTheSourceSubscriptionBeforeObserversHearIt() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let shared = xs.share(replay: 1)
        let seenOnCompletion = Locked<[Subscription]>([])
        scheduler.scheduleAt(200) {
            _ = shared.subscribe(onCompleted: { seenOnCompletion.withLock { $0 = xs.subscriptions } })
        }
        scheduler.start()
        XCTAssertEqual(seenOnCompletion.current, [Subscription(200, 220)])
    }
}

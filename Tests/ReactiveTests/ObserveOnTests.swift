import XCTest
import Reactive
import ReactiveTesting

final class ObserveOnTests: XCTestCase {
    func testDeliversThroughTheSchedulerOneTickLater() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(301)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 301)])
    }

    /// RxSwift delivers one event per scheduled action and schedules the next one after it, so
    /// a burst that arrives in one tick leaves one tick apart.
    func testABurstIsDeliveredOneEventPerScheduledAction() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        scheduler.scheduleAt(210) {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }
        let res = scheduler.start { subject.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .completed(213)])
    }

    func testPendingEventsAreDroppedOnDisposal() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(299, 2)])
        let res = scheduler.start(disposed: 300) { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1)])
    }

    func testDeliversOnTheSerialQueue() {
        let scheduler = SerialDispatchQueueScheduler(label: "ObserveOnTests")
        let key = DispatchSpecificKey<Bool>()
        scheduler.queue.setSpecific(key: key, value: true)
        let delivered = expectation(description: "delivered on queue")
        let subscription = Observable.just(1).observe(on: scheduler).subscribe(onNext: { _ in
            XCTAssertEqual(DispatchQueue.getSpecific(key: key), true)
            delivered.fulfill()
        })
        wait(for: [delivered], timeout: 10)
        subscription.dispose()
    }

    /// RxSwift disposes the source subscription on the scheduler as well: one tick after the
    /// terminal event, or after the disposal, on a `TestScheduler`.
    func testSubscribeOnSubscribesAndDisposesThroughTheScheduler() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 222)])
        XCTAssertEqual(res.events, [.next(211, "a"), .completed(221)])

        let ys = scheduler.createHotObservable([.next(1010, "b")])
        let disposed = scheduler.start(created: 1000, subscribed: 1001, disposed: 1050) { ys.subscribe(on: scheduler) }
        XCTAssertEqual(ys.subscriptions, [Subscription(1002, 1051)])
        XCTAssertEqual(disposed.events, [.next(1010, "b")])
    }
}

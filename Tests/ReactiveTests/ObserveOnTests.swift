import XCTest
import Reactive
import ReactiveTesting

final class ObserveOnTests: XCTestCase {
    func testDeliversThroughTheSchedulerOneTickLater() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(301)])
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

    func testSubscribeOnSubscribesThroughTheScheduler() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 221)])
        XCTAssertEqual(res.events, [.next(211, "a"), .completed(221)])
    }
}

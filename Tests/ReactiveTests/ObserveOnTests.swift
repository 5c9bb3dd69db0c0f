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
}

import XCTest
import Reactive

final class FlatMapLatestTests: XCTestCase {
    func testNewElementDisposesThePreviousInnerSubscription() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, "a1"), .next(50, "a2"), .completed(60)])
        let second = scheduler.createColdObservable([.next(10, "b1"), .next(20, "b2"), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(240, 1), .completed(300)])
        let inners = [first, second]
        let res = scheduler.start { xs.flatMapLatest { inners[$0] } }

        XCTAssertEqual(res.events, [.next(220, "a1"), .next(250, "b1"), .next(260, "b2"), .completed(300)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(second.subscriptions, [Subscription(240, 270)])
    }

    func testWaitsForTheLatestInnerBeforeCompleting() {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(50, 7), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(220)])
        let res = scheduler.start { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.next(260, 7), .completed(310)])
    }

    func testInnerErrorTerminates() {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.error(5, TestError("network"), Int.self)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1)])
        let res = scheduler.start { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.error(215, TestError("network"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}

import XCTest
import Reactive

final class FlatMapTests: XCTestCase {
    func testMergesAllInnerSequencesAndCompletesAfterTheLastOne() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, "a1"), .next(50, "a2"), .completed(60)])
        let second = scheduler.createColdObservable([.next(10, "b1"), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(240, 1), .completed(250)])
        let inners = [first, second]
        let res = scheduler.start { xs.flatMap { inners[$0] } }

        XCTAssertEqual(res.events, [.next(220, "a1"), .next(250, "b1"), .next(260, "a2"), .completed(340)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(second.subscriptions, [Subscription(240, 340)])
    }

    func testStaticMergeInterleavesSources() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    func testFlatMapFirstIgnoresElementsWhileAnInnerIsRunning() {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(20, "loaded"), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(400)])
        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(230, "loaded"), .next(270, "loaded"), .completed(400)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240), Subscription(250, 280)])
    }
}

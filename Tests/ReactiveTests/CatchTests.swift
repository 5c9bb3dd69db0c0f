import XCTest
import Reactive
import ReactiveTesting

final class CatchTests: XCTestCase {
    func testContinuesWithTheFallbackSequence() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(), Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let res = scheduler.start { xs.catch { _ in fallback.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 9), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(220, 240)])
    }

    func testCatchAndReturnEmitsTheFallbackThenCompletes() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(), Int.self)])
        let res = scheduler.start { xs.catchAndReturn(-1) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, -1), .completed(220)])
    }

    func testThrowingHandlerForwardsItsError() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(220, TestError("first"), Int.self)])
        let res = scheduler.start { xs.catch { _ -> Observable<Int> in throw TestError("second") } }
        XCTAssertEqual(res.events, [.error(220, TestError("second"))])
    }
}

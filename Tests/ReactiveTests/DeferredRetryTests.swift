import XCTest
import Reactive

final class DeferredRetryTests: XCTestCase {
    func testDeferredCallsTheFactoryAtEachSubscription() {
        let scheduler = TestScheduler()
        let calls = Locked(0)
        let source = Observable<Int>.deferred {
            let call = calls.withLock { $0 += 1; return $0 }
            return .just(call)
        }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = source.subscribe(first) }
        scheduler.scheduleAt(300) { _ = source.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(second.events, [.next(300, 2), .completed(300)])
    }

    func testRetryResubscribesUntilTheAttemptsAreUsedUp() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("flaky"), Int.self)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError("flaky"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryStopsAtTheFirstSuccess() {
        let scheduler = TestScheduler()
        let attempts = Locked(0)
        let source = Observable<String>.deferred {
            attempts.withLock { $0 += 1 }
            return attempts.current < 2 ? .error(TestError()) : .just("ok")
        }
        let res = scheduler.start { source.retry(5) }
        XCTAssertEqual(res.events, [.next(200, "ok"), .completed(200)])
        XCTAssertEqual(attempts.current, 2)
    }
}

// Ported from RxSwift, Tests/RxSwiftTests/Observable+CatchTests.swift (MIT, see README.md): the
// cases of `retry`. Reactive has only `retry(_ maxAttempts:)`; RxSwift's unbounded `retry()` is
// written `retry(.max)`.
import Reactive
import ReactiveTesting
import XCTest

final class ObservableRetryTest: XCTestCase {
    func testRetry_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let res = scheduler.start { xs.retry(.max) }
        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testRetry_Infinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])
        let res = scheduler.start { xs.retry(.max) }
        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testRetry_Observable_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .error(250, testError)])
        let res = scheduler.start(disposed: 1100) { xs.retry(.max) }
        XCTAssertEqual(res.events, [
            .next(300, 1), .next(350, 2), .next(400, 3), .next(550, 1), .next(600, 2), .next(650, 3),
            .next(800, 1), .next(850, 2), .next(900, 3), .next(1050, 1),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100)])
    }

    func testRetryCount_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(res.events, [
            .next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2), .next(235, 3),
            .next(245, 1), .next(250, 2), .next(255, 3), .error(260, testError),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryCount_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
        let res = scheduler.start(disposed: 231) { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 231)])
    }

    func testRetryCount_Infinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
        let res = scheduler.start(disposed: 231) { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 231)])
    }

    func testRetryCount_Completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testRetry_tailRecursiveOptimizationsTest() {
        let count = Var(1)
        let sequenceSendingImmediateError: Observable<Int> = Observable.create { observer in
            observer.on(.next(0))
            observer.on(.next(1))
            observer.on(.next(2))
            if count.value < 2 {
                observer.on(.error(testError))
                count.value += 1
            }
            observer.on(.next(3))
            observer.on(.next(4))
            observer.on(.next(5))
            observer.on(.completed)
            return Disposables.create()
        }

        let events = Var<[String]>([])
        _ = sequenceSendingImmediateError
            .retry(.max)
            .subscribe { event in
                let name: String
                switch event {
                case .next(let element): name = "\(element)"
                case .error: name = "error"
                case .completed: name = "completed"
                }
                events.value += [name]
            }
        // The error ends the first subscription (what it sends after it is dropped); the retry
        // subscribes again at once, in constant stack depth, and that one runs to completion.
        XCTAssertEqual(events.value, ["0", "1", "2", "0", "1", "2", "3", "4", "5", "completed"])
        XCTAssertEqual(count.value, 2, "subscribed twice")
    }
}

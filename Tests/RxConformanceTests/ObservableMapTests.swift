// Ported from RxSwift, Tests/RxSwiftTests/Observable+MapTests.swift (MIT, see README.md).
import Reactive
import ReactiveTesting
import XCTest

final class ObservableMapTest: XCTestCase {
    /// The hot source every case of the file uses, ending with `end` (none: it never ends).
    private func source(_ scheduler: TestScheduler, ending end: Recorded<Event<Int>>? = nil) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4)] + (end.map { [$0] } ?? []))
    }

    func testMap_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testMap_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [Recorded.completed(300, Int.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .completed(300))
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 2), .next(220, 1 * 2), .next(230, 2 * 2), .next(240, 4 * 2), .completed(300)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 2), .next(220, 1 * 2), .next(230, 2 * 2), .next(240, 4 * 2), .error(300, testError)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start(disposed: 290) { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 2), .next(220, 1 * 2), .next(230, 2 * 2), .next(240, 4 * 2)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testMap_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start { xs.map { x throws -> Int in if x < 2 { return x * 2 } else { throw testError } } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 2), .next(220, 1 * 2), .error(230, testError)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}

// MARK: map compose

extension ObservableMapTest {
    func testMapCompose_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testMapCompose_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }
        XCTAssertEqual(res.events, [Recorded.completed(300, Int.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapCompose_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .completed(300))
        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .next(230, 2 * 10 + 1), .next(240, 4 * 10 + 1), .completed(300)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapCompose_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .next(230, 2 * 10 + 1), .next(240, 4 * 10 + 1), .error(300, testError)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapCompose_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start(disposed: 290) { xs.map { $0 * 10 }.map { $0 + 1 } }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .next(230, 2 * 10 + 1), .next(240, 4 * 10 + 1)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testMapCompose_Selector1Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start {
            xs.map { x throws -> Int in if x < 2 { return x * 10 } else { throw testError } }.map { $0 + 1 }
        }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .error(230, testError)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMapCompose_Selector2Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, ending: .error(300, testError))
        let res = scheduler.start {
            xs.map { $0 * 10 }.map { x throws -> Int in if x < 20 { return x + 1 } else { throw testError } }
        }
        XCTAssertEqual(res.events, Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .error(230, testError)))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}

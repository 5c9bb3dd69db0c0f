// Ported from RxSwift, Tests/RxSwiftTests/Observable+CatchTests.swift (MIT, see README.md):
// the cases of `catchError`, which Reactive names `catch` as RxSwift 6 does. The sequence form
// (`Observable.catchError([...])`) is not part of Reactive.
import Reactive
import ReactiveTesting
import XCTest

final class ObservableCatchTest: XCTestCase {
    func testCatch_ErrorSpecific_Caught() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let handlerCalled = Var<Int?>(nil)

        let res = scheduler.start {
            o1.catch { _ in
                handlerCalled.value = scheduler.clock
                return o2.asObservable()
            }
        }

        XCTAssertEqual(230, handlerCalled.value!)
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
        XCTAssertEqual(o1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(o2.subscriptions, [Subscription(230, 250)])
    }

    func testCatch_HandlerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let handlerCalled = Var<Int?>(nil)

        let res = scheduler.start {
            o1.catch { _ in
                handlerCalled.value = scheduler.clock
                throw testError1
            }
        }

        XCTAssertEqual(230, handlerCalled.value!)
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(230, testError1)])
        XCTAssertEqual(o1.subscriptions, [Subscription(200, 230)])
    }
}

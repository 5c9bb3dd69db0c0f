import XCTest
import Reactive
import ReactiveTesting

final class MapTests: XCTestCase {
    func testTransformsEachElement() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testThrowingTransformErrorsAndUnsubscribes() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw TestError("two") }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("two"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}

import XCTest
import Reactive
import ReactiveTesting

final class FilterTests: XCTestCase {
    func testKeepsMatchingElements() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        let res = scheduler.start { xs.filter { $0.isMultiple(of: 2) } }
        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 4), .completed(300)])
    }

    func testDisposalStopsTheSubscription() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 2), .next(400, 4), .completed(500)])
        let res = scheduler.start(disposed: 300) { xs.filter { _ in true } }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}

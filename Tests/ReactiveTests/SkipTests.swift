import XCTest
import Reactive
import ReactiveTesting

final class SkipTests: XCTestCase {
    func testSkipDropsTheFirstElements() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.skip(2) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(300)])
    }
}

import XCTest
import Reactive

final class ScanTests: XCTestCase {
    func testEmitsEachIntermediateAccumulation() {
        let scheduler = TestScheduler()
        let pages = scheduler.createHotObservable([.next(210, [1, 2]), .next(220, [3]), .completed(300)])
        let res = scheduler.start { pages.scan([Int]()) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, [1, 2]), .next(220, [1, 2, 3]), .completed(300)])
    }
}

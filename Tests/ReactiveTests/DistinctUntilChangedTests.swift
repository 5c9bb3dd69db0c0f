import XCTest
import Reactive

final class DistinctUntilChangedTests: XCTestCase {
    func testDropsConsecutiveDuplicates() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(240, 1), .completed(300)])
    }

    func testUsesTheGivenComparer() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "A"), .next(230, "b"), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { $0.lowercased() == $1.lowercased() } }
        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(300)])
    }
}

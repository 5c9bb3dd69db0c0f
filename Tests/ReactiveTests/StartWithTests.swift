import XCTest
import Reactive

final class StartWithTests: XCTestCase {
    func testEmitsTheGivenElementsOnSubscription() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 3), .completed(300)])
        let res = scheduler.start { xs.startWith(1, 2) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(210, 3), .completed(300)])
    }
}

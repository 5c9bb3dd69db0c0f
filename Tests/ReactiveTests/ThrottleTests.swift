import XCTest
import Reactive

final class ThrottleTests: XCTestCase {
    private let taps: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(220, 2), .next(230, 3),
        .next(300, 4),
        .next(400, 5), .completed(500),
    ]

    func testLatestEmitsTheLastElementOfEachWindowWhenItEnds() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(taps)
        let res = scheduler.start { xs.throttle(50, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 3), .next(310, 4), .next(400, 5), .completed(500)])
    }

    func testWithoutLatestDropsElementsInsideTheWindow() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(taps)
        let res = scheduler.start { xs.throttle(50, latest: false, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(300, 4), .next(400, 5), .completed(500)])
    }

    func testCompletionWaitsForThePendingLatestElement() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.throttle(50, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 2), .completed(260)])
    }
}

import XCTest
import Reactive

final class DelayTests: XCTestCase {
    func testShiftsElementsAndCompletion() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.delay(100, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(310, 1), .next(320, 2), .completed(330)])
    }

    func testErrorIsForwardedAtOnceAndDropsWaitingElements() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.delay(100, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(250, TestError())])
    }
}

import XCTest
import Reactive

final class WithLatestFromTests: XCTestCase {
    func testCombinesWithTheLatestOtherElementAndDropsEarlierOnes() {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(210, "tap1"), .next(230, "tap2"), .next(250, "tap3"), .completed(300)])
        let pages = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(245)])
        let res = scheduler.start { taps.withLatestFrom(pages) { "\($0)@\($1)" } }
        XCTAssertEqual(res.events, [.next(230, "tap2@1"), .next(250, "tap3@2"), .completed(300)])
    }

    func testErrorOfTheOtherSequenceTerminates() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.error(220, TestError(), Int.self)])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        XCTAssertEqual(res.events, [.error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}

import XCTest
import Reactive

final class DebounceTests: XCTestCase {
    func testEmitsOnlyAfterAQuietPeriodAndFlushesOnCompletion() {
        let scheduler = TestScheduler()
        let typed = scheduler.createHotObservable([
            .next(210, "c"), .next(220, "ca"), .next(230, "cat"),
            .next(300, "cats"),
            .next(400, "dog"), .completed(410),
        ])
        let res = scheduler.start { typed.debounce(20, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(250, "cat"), .next(320, "cats"), .next(410, "dog"), .completed(410)])
    }

    func testErrorDropsThePendingElement() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, TestError(), Int.self)])
        let res = scheduler.start { xs.debounce(20, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(215, TestError())])
    }

    func testResolutionConvertsSecondsToTicks() {
        let scheduler = TestScheduler(resolution: 0.001)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(1000)])
        let res = scheduler.start(disposed: 2000) { xs.debounce(0.3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(510, 1), .completed(1000)])
    }
}

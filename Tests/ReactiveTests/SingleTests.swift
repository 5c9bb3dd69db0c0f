import XCTest
import Reactive

final class SingleTests: XCTestCase {
    func testAsSingleEmitsTheOnlyElementOnCompletion() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.next(220, 1), .completed(220)])
    }

    func testAsSingleFailsOnASecondElementOrNone() {
        let scheduler = TestScheduler()
        let two = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let none = scheduler.createHotObservable([.completed(230, Int.self)])
        let twoRes = scheduler.createObserver(Int.self)
        let noneRes = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = two.asSingle().subscribe(twoRes)
            _ = none.asSingle().subscribe(noneRes)
        }
        scheduler.start()
        XCTAssertEqual(twoRes.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(noneRes.events, [.error(230, RxError.noElements)])
    }

    func testSubscribeReportsTheResult() {
        let result = Locked<Result<Int, any Error>?>(nil)
        _ = Single.just(3).map { $0 * 2 }.subscribe { outcome in result.withLock { $0 = outcome } }
        XCTAssertEqual(try result.current?.get(), 6)
    }
}

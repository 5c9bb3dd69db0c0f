// Ported from RxSwift, Tests/RxSwiftTests/Observable+JustTests.swift (MIT, see README.md): the
// case of `just` without a scheduler (Reactive has no `just(_:scheduler:)`).
import Reactive
import ReactiveTesting
import XCTest

final class ObservableJustTest: XCTestCase {
    func testJust_Immediate() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42) }
        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }
}

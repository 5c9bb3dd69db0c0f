import XCTest
import Reactive
import ReactiveTesting

final class SingleTests: XCTestCase {
    func testSubscribeReportsTheResult() {
        let result = Locked<Result<Int, any Error>?>(nil)
        _ = Single.just(3).map { $0 * 2 }.subscribe { outcome in result.withLock { $0 = outcome } }
        XCTAssertEqual(try result.current?.get(), 6)
    }
}

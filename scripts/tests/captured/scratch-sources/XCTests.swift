import XCTest
import Lib
final class PassingTests: XCTestCase {
    func testOne() { XCTAssertEqual(one(), 1) }
    func testTwo() { XCTAssertEqual(one() + 1, 2) }
}
final class MixedTests: XCTestCase {
    func testPasses() { XCTAssertEqual(one(), 1) }
    func testSkips() throws { throw XCTSkip("python3 not installed") }
    func testFails() { XCTAssertEqual(one(), 2, "one is one") }
}
struct Boom: Error {}
final class ManyFailuresTests: XCTestCase {
    func testTwoAssertsFail() { XCTAssertEqual(one(), 2); XCTAssertEqual(one(), 3) }
    func testThrows() throws { throw Boom() }
    func testAlsoSkips() throws { try XCTSkipIf(true, "no display") }
}

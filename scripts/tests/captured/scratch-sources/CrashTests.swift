import XCTest
final class ZCrashTests: XCTestCase {
    func testCrashes() { let values: [Int] = []; _ = values[one()] }
}
import Lib

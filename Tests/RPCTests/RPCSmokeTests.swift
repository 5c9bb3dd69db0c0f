import XCTest
@testable import RPC

final class RPCSmokeTests: XCTestCase {
    func testModuleLinks() {}
}

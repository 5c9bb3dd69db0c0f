import XCTest
@testable import Network

final class NetworkSmokeTests: XCTestCase {
    func testModuleLinks() {}
}

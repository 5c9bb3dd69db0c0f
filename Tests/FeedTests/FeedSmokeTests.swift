import XCTest
@testable import Feed

final class FeedSmokeTests: XCTestCase {
    func testModuleLinks() {}
}

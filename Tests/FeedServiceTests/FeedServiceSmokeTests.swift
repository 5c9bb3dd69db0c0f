import XCTest
@testable import FeedService

final class FeedServiceSmokeTests: XCTestCase {
    func testModuleLinks() {}
}

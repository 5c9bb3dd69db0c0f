import Feed
import JSON
import RPC
import XCTest
@testable import FeedService

/// How image failures read on the wire (protocol/README.md §6 `loadImage`, §10).
final class ImageErrorTests: XCTestCase {
    func testAnItemWithoutAnImageIsImageFailedWithReasonNoImage() {
        let error = RPCError.imageFailed(.noImage(index: 3), index: 3)
        XCTAssertEqual(error.code, -32003)
        XCTAssertEqual(error.data, ["index": 3, "reason": "noImage"])
        XCTAssertEqual(error.message, "Item 3 has no image")
        XCTAssertEqual(FeedError.noImage(index: 3).notificationJSON(index: 3), ["code": -32003, "message": "Item 3 has no image"])
    }

    func testOtherImageFailuresCarryNoReason() {
        let error = RPCError.imageFailed(.image(message: "not an image", url: "https://i.test/a"), index: 1)
        XCTAssertEqual(error.data, ["index": 1, "url": "https://i.test/a"])
    }
}

@testable import Images
import XCTest

final class LRUOrderTests: XCTestCase {
    func testKeysAreOrderedByLastUseAndRemovedFromAnywhere() {
        var order = LRUOrder<String>()
        ["a", "b", "c", "d"].forEach { order.use($0) }
        order.use("b")
        XCTAssertEqual(order.keysFromOldest, ["a", "c", "d", "b"])
        XCTAssertTrue(order.remove("c"))
        XCTAssertFalse(order.remove("c"))
        order.use("e")
        XCTAssertEqual(order.keysFromOldest, ["a", "d", "b", "e"])
        XCTAssertEqual(order.oldest, "a")
        XCTAssertEqual(order.count, 4)
    }

    func testKeysFromAListingGoBeforeEveryKeyUsedMeanwhile() {
        var order = LRUOrder<String>()
        order.use("used")
        order.addAsOldest("listed-newer")
        order.addAsOldest("listed-older")
        order.addAsOldest("used")
        XCTAssertEqual(order.keysFromOldest, ["listed-older", "listed-newer", "used"])
    }

    func testSlotsAreReusedSoChurnDoesNotGrowTheOrder() {
        var order = LRUOrder<Int>()
        for key in 0..<100_000 {
            order.use(key)
            if order.count > 10 { order.remove(order.oldest!) }
        }
        XCTAssertEqual(order.keysFromOldest, Array(99_990..<100_000))
    }
}

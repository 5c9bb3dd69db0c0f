import JSON
import FeedModel
import Store
import XCTest

final class FeedKeyTests: XCTestCase {
    let userKey = [UInt8](repeating: 7, count: 32)

    func testTheDigestIgnoresMemberOrderAndSecretOrder() {
        let one = FeedKey(source: "custom", category: "all", configuration: ["b": 1, "a": ["y": 2, "x": 3]], secrets: ["s1-secret", "s2-secret"])
        let two = FeedKey(source: "custom", category: "all", configuration: ["a": ["x": 3, "y": 2], "b": 1], secrets: ["s2-secret", "s1-secret"])
        XCTAssertEqual(one.digest(under: userKey), two.digest(under: userKey))
        XCTAssertEqual(one.digest(under: userKey).count, 64)
    }

    func testListsFetchedWithOtherCredentialsHaveOtherKeys() {
        let alice = FeedKey(source: "unsplash", category: "all", secrets: ["alice-access-key"])
        let bob = FeedKey(source: "unsplash", category: "all", secrets: ["bob-access-key"])
        XCTAssertNotEqual(alice.digest(under: userKey), bob.digest(under: userKey))
        XCTAssertNotEqual(
            FeedKey(source: "stub", category: "all").digest(under: userKey), FeedKey(source: "stub", category: "cats").digest(under: userKey))
    }

    func testTheDigestDependsOnTheUserKey() {
        let key = FeedKey(source: "unsplash", category: "all", secrets: ["alice-access-key"])
        XCTAssertNotEqual(key.digest(under: userKey), key.digest(under: [UInt8](repeating: 8, count: 32)))
    }
}

import Foundation
import ImageCodecs
@testable import Images
import XCTest

final class MemoryImageCacheTests: XCTestCase {
    private func image(_ url: String, bytes: Int) -> CachedImage {
        let image = FeedImage(url: url, info: ImageInfo(mimeType: "image/png", width: 1, height: 1, byteCount: bytes), path: nil, data: Data(count: bytes))
        return CachedImage(image: image, freshness: ImageFreshness(expires: .distantFuture), version: "v")
    }

    func testTheLeastRecentlyUsedGoBeyondTheByteLimit() {
        let cache = MemoryImageCache(byteLimit: 300)
        ["a", "b", "c"].forEach { cache.store(image($0, bytes: 100), forKey: $0) }
        _ = cache.image(forKey: "a")  // a is now more recent than b
        cache.store(image("d", bytes: 100), forKey: "d")
        XCTAssertEqual(["a", "b", "c", "d"].map(cache.contains), [true, false, true, true])
        XCTAssertEqual(cache.totalBytes, 300)
        cache.store(image("huge", bytes: 301), forKey: "huge")
        XCTAssertFalse(cache.contains("huge"))
        XCTAssertEqual(cache.count, 3)
    }

    func testLoweringTheLimitEvictsAtOnceAndRemoveAllEmpties() {
        let cache = MemoryImageCache(byteLimit: 300)
        ["a", "b", "c"].forEach { cache.store(image($0, bytes: 100), forKey: $0) }
        cache.byteLimit = 150
        XCTAssertEqual(["a", "b", "c"].map(cache.contains), [false, false, true])
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testReplacingAnEntryCountsItsBytesOnce() {
        let cache = MemoryImageCache(byteLimit: 300)
        cache.store(image("a", bytes: 100), forKey: "a")
        cache.store(image("a", bytes: 150), forKey: "a")
        XCTAssertEqual(cache.totalBytes, 150)
        XCTAssertEqual(cache.count, 1)
    }

    func testTheRemovalCountGrowsWheneverAnImageMayHaveLeft() {
        let cache = MemoryImageCache(byteLimit: 300)
        ["a", "b", "c"].forEach { cache.store(image($0, bytes: 100), forKey: $0) }
        _ = cache.contains("a")
        XCTAssertEqual(cache.removals, 0, "storing and asking remove nothing")
        cache.store(image("d", bytes: 100), forKey: "d")
        XCTAssertEqual(cache.removals, 1, "a was evicted")
        cache.remove("b")
        cache.remove("b")
        XCTAssertEqual(cache.removals, 2, "removing what is not there changes nothing")
        cache.removeAll()
        XCTAssertGreaterThan(cache.removals, 2)
    }
}

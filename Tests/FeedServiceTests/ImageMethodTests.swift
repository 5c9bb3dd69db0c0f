import Foundation
import JSON
import XCTest

/// `loadImage`, `willDisplay`, `cancelImage`: images are reported, then answered.
final class ImageMethodTests: XCTestCase {
    private func loadedSession(_ harness: FeedServiceHarness, _ input: JSON = ["total": 25]) -> JSON {
        let session = JSON.string(harness.makeSession(input))
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "reload": true]).result?["count"], 10)
        return session
    }

    func testLoadImageReportsImageDownloadedThenAnswersWithTheCachedImage() throws {
        let harness = FeedServiceHarness()
        let session = loadedSession(harness)
        let exchange = harness.call("loadImage", ["session": session, "index": 2])
        XCTAssertEqual(exchange.trace, ["imageDownloaded"])
        let image = try XCTUnwrap(exchange.result)
        XCTAssertEqual(exchange.notifications[0][keyPath: "params.image"], image)
        XCTAssertEqual(exchange.notifications[0][keyPath: "params.index"], 2)
        XCTAssertEqual(image["mimeType"], "image/png")
        XCTAssertNil(image["data"], "bytes only when asked for")
        let path = try XCTUnwrap(image["path"]?.stringValue)
        XCTAssertTrue(path.hasPrefix(harness.cacheDirectory.path), path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Int64(bytes.count), image["byteCount"]?.intValue)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The PNG's IHDR holds the width and height the image reports.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int64($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int64($1) }
        XCTAssertEqual(image["width"], .int(width))
        XCTAssertEqual(image["height"], .int(height))
    }

    func testInlineImagesCarryTheirBytesInBase64() throws {
        let harness = FeedServiceHarness()
        let session = loadedSession(harness)
        let image = try XCTUnwrap(harness.call("loadImage", ["session": session, "index": 0, "inline": true]).result)
        let data = try XCTUnwrap(Data(base64Encoded: image["data"]?.stringValue ?? ""))
        XCTAssertEqual(Int64(data.count), image["byteCount"]?.intValue)
    }

    func testAnIndexOutsideTheListIsInvalidParamsAndSendsNothing() {
        let harness = FeedServiceHarness()
        let session = loadedSession(harness)
        let exchange = harness.call("loadImage", ["session": session, "index": 10])
        XCTAssertEqual(exchange.errorCode, -32602)
        XCTAssertEqual(exchange.response[keyPath: "error.data.field"], "index")
        XCTAssertEqual(exchange.notifications, [])
    }

    func testWillDisplayNearTheEndLoadsTheNextPageAndTheImage() {
        let harness = FeedServiceHarness()
        // Without image prefetch: row 7 would be prefetched by the willDisplay of row 1.
        let session = loadedSession(harness, ["total": 25, "prefetchImages": 0])
        let far = harness.call("willDisplay", ["session": session, "index": 1])
        XCTAssertEqual(far.result, ["loadMore": false, "image": true, "ready": false])
        XCTAssertEqual(far.trace, ["imageDownloaded"])
        let near = harness.call("willDisplay", ["session": session, "index": 7])
        XCTAssertEqual(near.result, ["loadMore": true, "image": true, "ready": false])
        XCTAssertEqual(Set(near.trace), ["imageDownloaded", "sections", "hud"])
        let cached = harness.call("willDisplay", ["session": session, "index": 1])
        XCTAssertEqual(cached.result, ["loadMore": false, "image": false, "ready": true], "a cached image is not loaded again")
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "reload": false]).result?["page"], 3)
    }

    func testTheThumbnailVariantLoadsTheItemsThumbnailAndSaysWhichVariant() throws {
        let harness = FeedServiceHarness()
        let session = JSON.string(harness.makeSession(["total": 25]))
        let reload = harness.call("requestCommand", ["session": session, "reload": true])
        let item = try XCTUnwrap(reload.notifications.first { $0["method"] == "sections" }?[keyPath: "params.sections.0.items.2"])
        let thumbnailURL = try XCTUnwrap(item["thumbnailURL"])
        let thumbnail = harness.call("loadImage", ["session": session, "index": 2, "variant": "thumbnail"])
        XCTAssertEqual(thumbnail.result?["url"], thumbnailURL)
        XCTAssertEqual(thumbnail.result?["width"], .int((item["width"]?.intValue ?? 0) / 2))
        XCTAssertEqual(thumbnail.notifications[0][keyPath: "params.variant"], "thumbnail")
        let full = harness.call("loadImage", ["session": session, "index": 2])
        XCTAssertEqual(full.result?["url"], item["imageURL"])
        XCTAssertEqual(full.notifications[0][keyPath: "params.variant"], "full", "the default variant")
        let prefetch = harness.call("willDisplay", ["session": session, "index": 3, "variant": "thumbnail"])
        XCTAssertEqual(prefetch.result, ["loadMore": false, "image": true, "ready": false])
        XCTAssertEqual(prefetch.notifications[0][keyPath: "params.variant"], "thumbnail")
        XCTAssertEqual(harness.call("willDisplay", ["session": session, "index": 3, "variant": "thumbnail"]).result?["image"], false)
        XCTAssertEqual(harness.call("willDisplay", ["session": session, "index": 3]).result?["image"], true, "the full image is another")
    }

    func testAnUnknownVariantIsInvalidParamsNamingIt() {
        let harness = FeedServiceHarness()
        let session = loadedSession(harness)
        for method in ["loadImage", "willDisplay"] {
            for variant: JSON in ["small", 1, true] {
                let exchange = harness.call(method, ["session": session, "index": 0, "variant": variant])
                XCTAssertEqual(exchange.errorCode, -32602, "\(method) \(variant)")
                XCTAssertEqual(exchange.response[keyPath: "error.data.field"], "variant")
                XCTAssertEqual(exchange.notifications, [])
            }
        }
    }

    func testCancelImageStopsAPendingLoadAndSaysSo() {
        let harness = FeedServiceHarness()
        let session = loadedSession(harness)
        XCTAssertEqual(harness.call("cancelImage", ["session": session, "index": 3]).result, ["cancelled": false])
        XCTAssertEqual(harness.call("didEndDisplaying", ["session": session, "index": 99]).result, ["cancelled": false])
    }
}

import FeedModel
import Foundation
import ImageCodecs
import ImageTestSupport
@testable import Images
import Locking
import Network
import Reactive
import XCTest

/// The cache's HTTP policy: fresh while `max-age` lasts, then revalidated with the stored
/// validators; a 304 renews without a body, a 200 replaces; `forceRefresh` downloads.
final class ImageRevalidationTests: XCTestCase {
    private var directory: URL!
    private let url = "https://images.test/a.png"
    private let pngA = Data(ImageFixtures.png(width: 4, height: 2))
    private let pngB = Data(ImageFixtures.png(width: 6, height: 3))

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-revalidation-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func loader(_ transport: any HTTPTransport, clock: TestClock, maxAge: TimeInterval = ImageLoader.defaultMaxAge) -> ImageLoader {
        let disk = DiskImageCache(directory: directory, clock: clock.clock, indexesInBackground: false)
        disk.buildIndex()
        return ImageLoader(diskCache: disk, transport: transport, maxAge: maxAge)
    }

    func testAFreshImageIsServedWithoutAskingAndAStaleOneIsRevalidatedWithItsETag() throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let loader = loader(transport, clock: clock)
        let first = start(loader, ImageRequest(url: url))
        transport.answer(0, headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""], body: pngA)
        let original = try first().get()

        clock.advance(59)
        XCTAssertEqual(try start(loader, ImageRequest(url: url))().get(), original)
        XCTAssertEqual(transport.requests.count, 1, "fresh: no request")

        clock.advance(1)
        let revalidated = start(loader, ImageRequest(url: url))
        XCTAssertEqual(transport.requests.count, 2)
        XCTAssertEqual(transport.requests[1].value(forHTTPHeaderField: "If-None-Match"), "\"v1\"")
        transport.answer(1, status: 304, headers: ["Cache-Control": "max-age=120"])
        XCTAssertEqual(try revalidated().get(), original, "a 304 keeps the bytes and the file")

        clock.advance(119)
        XCTAssertEqual(try start(loader, ImageRequest(url: url))().get(), original)
        XCTAssertEqual(transport.requests.count, 2, "the 304's max-age renewed it")
    }

    func testAChangedImageReplacesTheCachedOneAndItsOldFileKeepsItsBytes() throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let loader = loader(transport, clock: clock)
        let first = start(loader, ImageRequest(url: url))
        transport.answer(0, headers: ["Cache-Control": "no-cache", "ETag": "\"v1\"", "Last-Modified": "Mon, 01 Jan 2026 00:00:00 GMT"], body: pngA)
        let old = try first().get()

        let second = start(loader, ImageRequest(url: url))
        XCTAssertEqual(transport.requests[1].value(forHTTPHeaderField: "If-None-Match"), "\"v1\"")
        XCTAssertEqual(transport.requests[1].value(forHTTPHeaderField: "If-Modified-Since"), "Mon, 01 Jan 2026 00:00:00 GMT")
        transport.answer(1, headers: ["ETag": "\"v2\""], body: pngB)
        let new = try second().get()
        XCTAssertEqual(new.info.width, 6)
        XCTAssertNotEqual(new.path, old.path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: old.path!)), pngA, "the earlier answer's file still holds its bytes")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: new.path!)), pngB)

        clock.advance(ImageLoader.defaultMaxAge)
        let third = loader.retrieveImage(ImageRequest(url: url)) { _ in }
        XCTAssertEqual(transport.requests[2].value(forHTTPHeaderField: "If-None-Match"), "\"v2\"", "the new validator is the one sent")
        third.dispose()
    }

    func testMaxAgeIsCappedByTheLoadersMaxAge() throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let loader = loader(transport, clock: clock, maxAge: 10)
        let first = start(loader, ImageRequest(url: url))
        transport.answer(0, headers: ["Cache-Control": "max-age=3600"], body: pngA)
        _ = try first().get()
        clock.advance(10)
        let second = loader.retrieveImage(ImageRequest(url: url)) { _ in }
        XCTAssertEqual(transport.requests.count, 2)
        XCTAssertNil(transport.requests[1].value(forHTTPHeaderField: "If-None-Match"), "no validator: a plain download")
        second.dispose()
    }

    func testForceRefreshDownloadsAgainWithoutValidators() throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let loader = loader(transport, clock: clock)
        let first = start(loader, ImageRequest(url: url))
        transport.answer(0, headers: ["ETag": "\"v1\""], body: pngA)
        _ = try first().get()
        let refreshed = start(loader, ImageRequest(url: url, forceRefresh: true))
        XCTAssertEqual(transport.requests.count, 2)
        XCTAssertNil(transport.requests[1].value(forHTTPHeaderField: "If-None-Match"))
        transport.answer(1, headers: ["ETag": "\"v2\""], body: pngB)
        XCTAssertEqual(try refreshed().get().info.width, 6)
        XCTAssertEqual(try start(loader, ImageRequest(url: url))().get().info.width, 6, "the refreshed image is the cached one")
    }

    func testARevalidatedImageSurvivesARestart() throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let first = start(loader(transport, clock: clock), ImageRequest(url: url))
        transport.answer(0, headers: ["Cache-Control": "max-age=5", "ETag": "\"v1\""], body: pngA)
        _ = try first().get()
        clock.advance(5)
        let restarted = loader(transport, clock: clock)
        let second = start(restarted, ImageRequest(url: url))
        XCTAssertEqual(transport.requests[1].value(forHTTPHeaderField: "If-None-Match"), "\"v1\"", "validators are stored with the entry")
        transport.answer(1, status: 304, headers: ["Cache-Control": "max-age=100"])
        _ = try second().get()
        clock.advance(50)
        _ = try start(loader(transport, clock: clock), ImageRequest(url: url))().get()
        XCTAssertEqual(transport.requests.count, 2, "the 304's lifetime was written to the record")
    }
}

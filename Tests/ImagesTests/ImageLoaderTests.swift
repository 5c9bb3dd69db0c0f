import FeedModel
import Foundation
import Hashing
import ImageCodecs
import ImageTestSupport
@testable import Images
import Locking
import Network
import Reactive
import XCTest

final class ImageLoaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-tests-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func retrieve(_ loader: ImageLoader, _ url: String) -> Result<FeedImage, FeedError> {
        let done = expectation(description: url)
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        let request = loader.retrieveImage(url) { result in
            box.withLock { $0 = result }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        request.dispose()
        return box.current!
    }

    func testTheDefaultDirectoryFollowsXDGOrHome() {
        let path = DiskImageCache.defaultDirectory.path
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            XCTAssertEqual(path, xdg + "/feedvm")
        } else {
            XCTAssertTrue(path.hasSuffix("/.cache/feedvm"))
        }
    }

    func testEveryFormatLoadsOverHTTPAndIsDescribedFromItsBytes() throws {
        let server = try LoopbackImageServer()
        let loader = ImageLoader(diskCache: DiskImageCache(directory: directory), transport: CurlTransport())
        let fixtures: [(String, [UInt8], String)] = [
            ("/a.png", ImageFixtures.png(width: 33, height: 21), "image/png"),
            ("/b.jpg", ImageFixtures.jpeg(width: 33, height: 21, progressive: true), "image/jpeg"),
            ("/c.gif", ImageFixtures.gif(width: 33, height: 21), "image/gif"),
            ("/d.webp", ImageFixtures.webpLossless(width: 33, height: 21), "image/webp"),
            ("/e.bmp", ImageFixtures.bmp(width: 33, height: 21, topDown: true), "image/bmp"),
        ]
        for (path, bytes, mime) in fixtures {
            try server.put(path, bytes)
            let image = try retrieve(loader, server.baseURL + path).get()
            XCTAssertEqual(image.info, ImageInfo(mimeType: mime, width: 33, height: 21, byteCount: bytes.count))
            XCTAssertEqual(image.data, Data(bytes))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(image.path))), Data(bytes))
        }
    }

    func testCallersOfOneURLShareOneDownload() throws {
        let server = try LoopbackImageServer()
        try server.put("/shared.png", ImageFixtures.png(width: 8, height: 8))
        let loader = ImageLoader(diskCache: nil, transport: CurlTransport())
        let url = server.baseURL + "/hold/shared.png"
        let both = expectation(description: "both callers")
        both.expectedFulfillmentCount = 2
        let first = loader.retrieveImage(url) { if (try? $0.get()) != nil { both.fulfill() } }
        let second = loader.retrieveImage(url) { if (try? $0.get()) != nil { both.fulfill() } }
        XCTAssertEqual(loader.activeDownloads, 1)
        try server.release("/shared.png")
        wait(for: [both], timeout: 10)
        XCTAssertEqual(try server.hits("/hold/shared.png"), 1)
        first.dispose()
        second.dispose()
    }

    func testTheDownloadStopsOnlyWhenNoCallerRemains() throws {
        let server = try LoopbackImageServer()
        try server.put("/held.png", ImageFixtures.png(width: 8, height: 8))
        let loader = ImageLoader(diskCache: nil, transport: CurlTransport())
        let url = server.baseURL + "/hold/held.png"
        let cancelledCaller = expectation(description: "a cancelled caller hears nothing")
        cancelledCaller.isInverted = true
        let stays = expectation(description: "the remaining caller gets the image")
        let first = loader.retrieveImage(url) { _ in cancelledCaller.fulfill() }
        let second = loader.retrieveImage(url) { if (try? $0.get()) != nil { stays.fulfill() } }
        first.dispose()
        XCTAssertEqual(loader.activeDownloads, 1)
        try server.release("/held.png")
        wait(for: [stays], timeout: 10)
        second.dispose()

        let third = loader.retrieveImage(server.baseURL + "/hold/other.png") { _ in cancelledCaller.fulfill() }
        third.dispose()
        XCTAssertEqual(loader.activeDownloads, 0)
        wait(for: [cancelledCaller], timeout: 0.5)
    }

    func testACacheHitNeverTouchesTheNetwork() throws {
        let server = try LoopbackImageServer()
        try server.put("/cached.png", ImageFixtures.png(width: 4, height: 4))
        let url = server.baseURL + "/cached.png"
        let disk = DiskImageCache(directory: directory)
        _ = try retrieve(ImageLoader(diskCache: disk, transport: CurlTransport()), url).get()
        // A fresh loader (empty memory) over the same directory, whose transport fails the test if used.
        let reopened = DiskImageCache(directory: directory)
        let offline = ImageLoader(diskCache: reopened, transport: StubTransport { _ in
            XCTFail("the network was used")
            return .never
        })
        reopened.waitUntilIndexed()
        XCTAssertTrue(offline.isCached(url), "known from the background listing")
        XCTAssertEqual(try retrieve(offline, url).get().info.width, 4)
        XCTAssertEqual(try retrieve(offline, url).get().info.width, 4)
        XCTAssertEqual(try server.hits("/cached.png"), 1)
    }

    func testAnImageOverTheCapIsAnError() throws {
        let server = try LoopbackImageServer()
        // A deflated gradient is a few KB, so the body is padded past the cap.
        try server.put("/big.png", ImageFixtures.png(width: 400, height: 400) + [UInt8](repeating: 0, count: 150_000))
        let loader = ImageLoader(diskCache: nil, transport: CurlTransport(limits: { var limits = CurlTransport.Limits(); limits.maxBodyBytes = 100_000; return limits }()), maxImageBytes: 100_000)
        guard case .failure(.image(let message, _, _)) = retrieve(loader, server.baseURL + "/big.png") else { return XCTFail("expected an image error") }
        XCTAssertTrue(message.contains("larger"), message)
    }

    func testBytesThatAreNotAnImageAreAnError() throws {
        let server = try LoopbackImageServer()
        try server.put("/page.html", Array("<html></html>".utf8))
        let loader = ImageLoader(diskCache: nil, transport: CurlTransport())
        guard case .failure(.image) = retrieve(loader, server.baseURL + "/page.html") else { return XCTFail("expected an image error") }
    }

    func testOnlyHTTPHTTPSAndStubURLsAreFetched() throws {
        let loader = ImageLoader(diskCache: nil, transport: StubTransport { _ in
            XCTFail("the transport was used")
            return .never
        })
        let refused = ["file:///etc/passwd": "file", "ftp://host/a.png": "ftp", "data:image/png;base64,AAAA": "data", "not a url": ""]
        for (url, scheme) in refused {
            guard case .failure(.refusedScheme(let reported, _)) = retrieve(loader, url) else { return XCTFail(url) }
            XCTAssertEqual(reported, scheme, url)
        }
    }
}

import FeedModel
import Foundation
import ImageCodecs
import ImageTestSupport
@testable import Images
import Locking
import Network
import Reactive
import XCTest

/// A processor that makes a PNG of `width` columns from any original, counting its runs.
private struct ShrinkingProcessor: ImageProcessing {
    let width: Int
    let runs: Locked<Int>

    var identifier: String { "shrink(\(width))" }

    func process(_ original: FeedImage) throws(FeedError) -> ProcessedImage? {
        runs.withLock { $0 += 1 }
        guard width < original.info.width else { return nil }
        let bytes = ImageFixtures.png(width: width, height: 1)
        return ProcessedImage(data: Data(bytes), info: ImageInfo(mimeType: "image/png", width: width, height: 1, byteCount: bytes.count))
    }
}

/// Processed images: one download per URL for every size, one processing per key, results
/// cached per key and remade when the original changes; priorities; prefetch.
final class ImagePipelineTests: XCTestCase {
    private var directory: URL!
    private let url = "https://images.test/photo.png"
    private let original = Data(ImageFixtures.png(width: 64, height: 32))

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-pipeline-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func loader(_ transport: any HTTPTransport, clock: TestClock = TestClock(), queue: ProcessingQueue = ProcessingQueue()) -> ImageLoader {
        let disk = DiskImageCache(directory: directory, clock: clock.clock, indexesInBackground: false)
        disk.buildIndex()
        return ImageLoader(diskCache: disk, transport: transport, processingQueue: queue)
    }

    func testThreeSizesShareOneDownloadAndEachIsCachedUnderItsOwnKey() throws {
        let transport = HeldTransport()
        let runs = Locked(0)
        let loader = loader(transport)
        let sizes = [8, 16, 32]
        let waits = sizes.map { start(loader, ImageRequest(url: url, processor: ShrinkingProcessor(width: $0, runs: runs))) }
        let again = start(loader, ImageRequest(url: url, processor: ShrinkingProcessor(width: 8, runs: runs)))
        XCTAssertEqual(transport.requests.count, 1, "one origin download for every size")
        transport.answer(0, body: original)
        let images = try waits.map { try $0().get() }
        XCTAssertEqual(images.map(\.info.width), sizes)
        XCTAssertEqual(try again().get(), images[0], "a caller of the same key joined its processing")
        XCTAssertEqual(runs.current, 3)
        XCTAssertEqual(Set(images.compactMap(\.path)).count, 3)
        for image in images { XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: image.path!)), image.data) }

        XCTAssertTrue(loader.isCached(ImageRequest(url: url, processor: ShrinkingProcessor(width: 16, runs: runs))))
        let restarted = self.loader(StubTransport { _ in
            XCTFail("a processed image in the cache needs no download")
            return .never
        })
        XCTAssertEqual(try start(restarted, ImageRequest(url: url, processor: ShrinkingProcessor(width: 16, runs: runs)))().get().data, images[1].data)
        XCTAssertEqual(runs.current, 3, "nor a processing")
    }

    func testAnOriginalThatAlreadyFitsIsAnsweredAsItIs() throws {
        let transport = HeldTransport()
        let loader = loader(transport)
        let large = start(loader, ImageRequest(url: url, processor: ShrinkingProcessor(width: 100, runs: Locked(0))))
        transport.answer(0, body: original)
        let image = try large().get()
        XCTAssertEqual(image.data, original)
        XCTAssertEqual(image.info.width, 64)
    }

    func testAProcessedImageIsRemadeWhenItsOriginalChangesAndRenewedWhenItDoesNot() throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let runs = Locked(0)
        let loader = loader(transport, clock: clock)
        let thumbnail = ImageRequest(url: url, processor: ShrinkingProcessor(width: 8, runs: runs))
        let first = start(loader, thumbnail)
        transport.answer(0, headers: ["Cache-Control": "max-age=10", "ETag": "\"v1\""], body: original)
        let made = try first().get()

        clock.advance(10)
        let unchanged = start(loader, thumbnail)
        XCTAssertEqual(transport.requests[1].value(forHTTPHeaderField: "If-None-Match"), "\"v1\"", "the original is revalidated")
        transport.answer(1, status: 304, headers: ["Cache-Control": "max-age=10"])
        XCTAssertEqual(try unchanged().get(), made)
        XCTAssertEqual(runs.current, 1, "a 304 renews the thumbnail without remaking it")

        clock.advance(10)
        let changed = start(loader, thumbnail)
        transport.answer(2, headers: ["ETag": "\"v2\""], body: Data(ImageFixtures.png(width: 50, height: 50)))
        let remade = try changed().get()
        XCTAssertEqual(runs.current, 2, "a new original makes a new thumbnail")
        XCTAssertNotEqual(remade.path, made.path)
    }

    func testAProcessorsErrorIsTheLoadsError() {
        struct Failing: ImageProcessing {
            var identifier: String { "failing" }
            func process(_ original: FeedImage) throws(FeedError) -> ProcessedImage? {
                throw .image(message: "libjpeg.so.62 is missing", url: nil, reason: .notAnImage)
            }
        }
        let transport = HeldTransport()
        let loader = loader(transport)
        let load = start(loader, ImageRequest(url: url, processor: Failing()))
        transport.answer(0, body: original)
        guard case .failure(.image(let message, _, _)) = load() else { return XCTFail("expected the processor's error") }
        XCTAssertEqual(message, "libjpeg.so.62 is missing")
        XCTAssertFalse(loader.isCached(ImageRequest(url: url, processor: Failing())))
    }

    func testAVisibleCallerRaisesTheDownloadItJoins() throws {
        let transport = HeldTransport()
        let loader = loader(transport)
        let prefetch = loader.retrieveImage(ImageRequest(url: url, processor: ShrinkingProcessor(width: 8, runs: Locked(0)), priority: .low)) { _ in }
        XCTAssertEqual(transport.requests[0].priority?.level, .low)
        let visible = loader.retrieveImage(ImageRequest(url: url, processor: ShrinkingProcessor(width: 16, runs: Locked(0)), priority: .high)) { _ in }
        XCTAssertEqual(transport.requests.count, 1)
        XCTAssertEqual(transport.requests[0].priority?.level, .high, "the queued download now goes before other prefetches")
        let sameKey = loader.retrieveImage(ImageRequest(url: url, processor: ShrinkingProcessor(width: 8, runs: Locked(0)), priority: .high)) { _ in }
        XCTAssertEqual(transport.requests[0].priority?.level, .high)
        [prefetch, visible, sameKey].forEach { $0.dispose() }
        XCTAssertTrue(transport.wasCancelled(0), "nobody waits any more: the download stops")
    }

    func testTheProcessingQueueRunsTheHighestPriorityFirst() {
        let queue = ProcessingQueue(width: 1)
        let gate = DispatchSemaphore(value: 0)
        let order = Locked<[String]>([])
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 4
        _ = queue.enqueue(priority: RequestPriority(.high)) {
            gate.wait()
            done.fulfill()
        }
        let jobs = ["low1", "low2", "high", "cancelled"].map { name in
            queue.enqueue(priority: RequestPriority(name == "high" ? .high : .low)) {
                order.withLock { $0.append(name) }
                done.fulfill()
            }
        }
        jobs[3].dispose()
        gate.signal()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(order.current, ["high", "low1", "low2"])
    }

    func testThePrefetcherStartsLowPriorityLoadsAndCancelsThoseNoLongerWanted() throws {
        let transport = HeldTransport()
        let loader = loader(transport)
        let prefetcher = ImagePrefetcher(loader: loader)
        let requests = (0..<4).map { ImageRequest(url: "https://images.test/\($0).png") }
        prefetcher.prefetch([(1, requests[1]), (2, requests[2]), (3, requests[3])])
        XCTAssertEqual(transport.requests.map(\.url.path), ["/1.png", "/2.png", "/3.png"])
        XCTAssertTrue(transport.requests.allSatisfy { $0.priority?.level == .low })
        prefetcher.prefetch([(2, requests[2]), (3, requests[3]), (0, requests[0])])
        XCTAssertTrue(transport.wasCancelled(0), "row 1 left the window")
        XCTAssertEqual(transport.livePaths, ["/2.png", "/3.png", "/0.png"], "rows already prefetching are not restarted")
        XCTAssertTrue(prefetcher.cancel(3))
        XCTAssertEqual(transport.livePaths, ["/2.png", "/0.png"])
        transport.answer(1, body: original)
        XCTAssertEqual(prefetcher.runningTags, [0])
        XCTAssertTrue(loader.isCached(requests[2]))
        prefetcher.prefetch([(2, requests[2])])
        XCTAssertEqual(transport.requests.count, 4, "a cached image is not prefetched")
        XCTAssertEqual(prefetcher.runningTags, [])
    }
    func testThePrefetcherAsksTheCacheOnlyAboutRowsEnteringTheWindow() throws {
        let transport = HeldTransport()
        let loader = CacheQuestionCounter(base: loader(transport))
        let prefetcher = ImagePrefetcher(loader: loader)
        let requests = (0..<4).map { ImageRequest(url: "https://images.test/\($0).png") }
        prefetcher.prefetch([(1, requests[1]), (2, requests[2])])
        transport.answer(0, body: original)
        XCTAssertEqual(prefetcher.runningTags, [2])
        XCTAssertEqual(loader.questions.current, 2)
        prefetcher.prefetch([(1, requests[1]), (2, requests[2]), (3, requests[3])])
        XCTAssertEqual(loader.questions.current, 3, "only row 3 is new: row 1's image was fetched, row 2's is on its way")
        prefetcher.prefetch([(2, requests[2]), (3, requests[3])])
        XCTAssertEqual(loader.questions.current, 3)
        XCTAssertEqual(prefetcher.runningTags, [2, 3])
        prefetcher.prefetch([(2, requests[2]), (3, requests[0])])
        XCTAssertEqual(loader.questions.current, 4, "row 3 now wants another image")
        XCTAssertTrue(transport.wasCancelled(2), "row 3's former prefetch")
        prefetcher.prefetch([(1, requests[1])])
        XCTAssertEqual(loader.questions.current, 5, "row 1 came back after leaving")
        XCTAssertEqual(transport.requests.count, 4, "its image is cached")
        XCTAssertEqual(prefetcher.runningTags, [])
    }

    func testAMovedWindowCancelsTheRowsThatLeftAndAsksOnlyAboutTheRowsThatEntered() throws {
        let transport = HeldTransport()
        let loader = CacheQuestionCounter(base: loader(transport))
        let prefetcher = ImagePrefetcher(loader: loader)
        let urls = (0..<6).map { "https://images.test/\($0).png" }
        prefetcher.prefetch([(1, urls[1]), (2, urls[2]), (3, urls[3])], processor: OriginalImageProcessor())
        XCTAssertEqual(loader.questions.current, 3)
        prefetcher.moveWindow(from: 1..<4, to: 2..<5, entering: [(4, urls[4], false)], processor: OriginalImageProcessor())
        XCTAssertEqual(loader.questions.current, 4, "only row 4 is new")
        XCTAssertTrue(transport.wasCancelled(0), "row 1 left the window")
        XCTAssertEqual(transport.livePaths, ["/2.png", "/3.png", "/4.png"])
        XCTAssertTrue(transport.requests.allSatisfy { $0.priority?.level == .low })
        prefetcher.moveWindow(from: 2..<5, to: 0..<2, entering: [(1, urls[1], false), (0, urls[0], false)], processor: OriginalImageProcessor())
        XCTAssertEqual(transport.livePaths, ["/1.png", "/0.png"], "the rows of the old window left, the new ones start nearest first")
        XCTAssertEqual(prefetcher.runningTags, [0, 1])
        prefetcher.moveWindow(from: 0..<2, to: 0..<0, entering: [], processor: OriginalImageProcessor())
        XCTAssertEqual(transport.livePaths, [])
        XCTAssertEqual(prefetcher.runningTags, [])
        prefetcher.moveWindow(from: 0..<0, to: 5..<6, entering: [(5, urls[5], true)], processor: OriginalImageProcessor())
        XCTAssertEqual(loader.questions.current, 6, "an image the caller knows to be cached is not asked about")
        XCTAssertEqual(transport.requests.count, 6, "nor prefetched")
    }
}

/// A retriever that counts how often it is asked whether an image is cached.
private final class CacheQuestionCounter: ImageRetrieving {
    let base: ImageLoader
    let questions = Locked(0)

    init(base: ImageLoader) { self.base = base }

    func retrieveImage(_ request: ImageRequest, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable {
        base.retrieveImage(request, completion: completion)
    }

    func isCached(_ request: ImageRequest) -> Bool {
        questions.withLock { $0 += 1 }
        return base.isCached(request)
    }
}

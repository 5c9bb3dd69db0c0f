@testable import Feed
import FeedModel
import Foundation
import ImageCodecs
import Images
import JSON
import Locking
import Reactive
import ReactiveTesting
import XCTest

/// Image loads retry transient failures with the input's policy, and a failure is never kept.
final class FeedViewModelImageRetryTests: XCTestCase {
    /// An image loader that answers in turn from a script, 5 ticks after each call, then with an image.
    final class ScriptedImages: ImageRetrieving, @unchecked Sendable {
        // Safety: used on the test's thread only, as the TestScheduler is.
        var scheduler: TestScheduler?
        let script = Locked<[FeedError]>([])
        let calls = Locked<[Int]>([])

        func retrieveImage(_ request: ImageRequest, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable {
            let url = request.url
            let scheduler = scheduler!
            calls.withLock { $0.append(scheduler.clock) }
            let failure = script.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            let image = FeedImage(url: url, info: ImageInfo(mimeType: "image/png", width: 1, height: 1, byteCount: 1), path: "/tmp/x.png", data: Data([1]))
            let outcome: Result<FeedImage, FeedError> = failure.map { .failure($0) } ?? .success(image)
            let request = SerialDisposable()
            request.disposable = scheduler.scheduleRelative(0.005) { completion(outcome) }
            return request
        }

        func isCached(_ request: ImageRequest) -> Bool { false }
    }

    private func harness(_ images: ScriptedImages, input: JSON = [:]) -> RetryHarness {
        let harness = RetryHarness(input: input, imageLoader: images)
        images.scheduler = harness.scheduler
        harness.request(reload: true)
        harness.run()
        return harness
    }

    private func load(_ harness: RetryHarness, _ index: Int) -> Locked<Result<FeedImage, any Error>?> {
        let box = Locked<Result<FeedImage, any Error>?>(nil)
        _ = harness.viewModel.loadImage(index: index).subscribe { result in box.withLock { $0 = result } }
        harness.run()
        return box
    }

    func testATransientImageFailureIsRetriedAndTheImageArrives() throws {
        let images = ScriptedImages()
        let harness = harness(images)
        images.script.withLock { $0 = [.http(503), .transport(message: "reset", url: nil, reason: .connectionFailed)] }
        let image = load(harness, 0)
        XCTAssertEqual(images.calls.current.count, 3)
        XCTAssertEqual(try XCTUnwrap(image.current).get().url, "https://img.test/p0-0.png")
    }

    func testANotFoundImageIsNotRetried() throws {
        let images = ScriptedImages()
        let harness = harness(images)
        images.script.withLock { $0 = [.http(404)] }
        let image = load(harness, 0)
        XCTAssertEqual(images.calls.current.count, 1)
        XCTAssertThrowsError(try XCTUnwrap(image.current).get())
    }

    func testAFailedImageIsTriedAfreshByTheNextLoad() throws {
        let images = ScriptedImages()
        let harness = harness(images, input: ["retry": false])
        images.script.withLock { $0 = [.http(503)] }
        XCTAssertThrowsError(try XCTUnwrap(load(harness, 0).current).get())
        XCTAssertEqual(try XCTUnwrap(load(harness, 0).current).get().url, "https://img.test/p0-0.png")
        XCTAssertEqual(images.calls.current.count, 2)
    }

    func testCancellingAnImageDuringItsBackoffWaitStopsTheRetry() throws {
        let images = ScriptedImages()
        let harness = harness(images)
        images.script.withLock { $0 = [.http(503)] }
        let subscription = harness.viewModel.loadImage(index: 0).subscribe { _ in }
        harness.scheduler.advanceTo(harness.scheduler.clock + 6)  // failed, waiting
        subscription.dispose()
        harness.run()
        XCTAssertEqual(images.calls.current.count, 1)
    }
}

@testable import Feed
import FeedModel
import Images
import Locking
import Reactive
import XCTest

final class FeedViewModelImageTests: XCTestCase {
    /// A harness without image prefetching (`FeedViewModelPrefetchTests` has its own).
    private func loadedHarness(prefetchDistance: Int = 3, imageDelay: Double = 5) -> FeedHarness {
        let input = try! FeedInput(json: ["prefetchDistance": .int(Int64(prefetchDistance)), "prefetchImages": 0])
        let harness = FeedHarness(input: input, imageDelay: imageDelay)
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        return harness
    }

    func testLoadImageReportsImageDownloadedBeforeItsResult() throws {
        let harness = loadedHarness()
        let box = Locked<FeedImage?>(nil)
        _ = harness.viewModel.loadImage(index: 4).subscribe { result in
            box.withLock { $0 = try? result.get() }
            harness.log.withLock { $0.append(.result("image")) }
        }
        harness.run()
        XCTAssertEqual(harness.entries, [.image(index: 4, ok: true), .result("image")])
        let image = try XCTUnwrap(box.current)
        XCTAssertEqual(image.info.mimeType, "image/png")
        XCTAssertEqual(image.info.width, harness.items[4].width)
        XCTAssertEqual(image.info.height, harness.items[4].height)
        XCTAssertEqual(image.url, harness.items[4].imageURL)
    }

    func testLoadImageOfAnIndexOutsideTheListFailsWithoutANotification() throws {
        let harness = loadedHarness()
        let box = Locked<(any Error)?>(nil)
        _ = harness.viewModel.loadImage(index: 10).subscribe { result in box.withLock { if case .failure(let e) = result { $0 = e } } }
        harness.run()
        XCTAssertEqual(box.current as? FeedError, .invalidIndex(10, count: 10))
        XCTAssertEqual(harness.entries, [])
    }

    func testAnImageURLThatMayNotBeFetchedIsRefusedWhenLoaded() throws {
        let harness = FeedHarness()
        harness.override.withLock {
            $0 = { _ in ["code": 0, "msg": "ok", "data": ["list": [["id": "x", "title": "x", "imageURL": "file:///etc/passwd"]], "total": 1]] }
        }
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.items.first?.imageURL, "file:///etc/passwd")
        harness.clearLog()
        let box = Locked<FeedError?>(nil)
        _ = harness.viewModel.loadImage(index: 0).subscribe { result in box.withLock { if case .failure(let e) = result { $0 = e as? FeedError } } }
        harness.run()
        XCTAssertEqual(harness.entries, [.image(index: 0, ok: false)])
        XCTAssertEqual(box.current, .refusedScheme("file", url: "file:///etc/passwd"))
    }

    func testAStubImageURLIsRefusedForASourceOtherThanStub() throws {
        let harness = FeedHarness(input: try FeedInput(json: ["source": "envelope", "baseURL": "https://api.test/"]))
        harness.override.withLock {
            $0 = { _ in ["code": 0, "msg": "ok", "data": ["list": [["id": "x", "title": "x", "imageURL": "stub://images/0.png"]], "total": 1]] }
        }
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        let box = Locked<FeedError?>(nil)
        _ = harness.viewModel.loadImage(index: 0).subscribe { result in box.withLock { if case .failure(let e) = result { $0 = e as? FeedError } } }
        harness.run()
        XCTAssertEqual(harness.entries, [.image(index: 0, ok: false)])
        XCTAssertEqual(box.current, .refusedScheme("stub", url: "stub://images/0.png"))
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0, "nothing was fetched")
    }

    func testWillDisplayNearTheEndLoadsTheNextPage() throws {
        let harness = loadedHarness(prefetchDistance: 3)
        harness.willDisplay(6)
        harness.run()
        XCTAssertEqual(harness.items.count, 10, "row 6 of 10 is not among the last 3")
        harness.willDisplay(7)
        harness.run()
        XCTAssertEqual(harness.items.count, 20)
    }

    func testWillDisplayLoadsTheRowsImageOnceAndNotWhenCached() throws {
        let harness = loadedHarness()
        harness.willDisplay(2)
        harness.willDisplay(2)
        harness.run()
        XCTAssertEqual(harness.entries, [.image(index: 2, ok: true)])
        harness.clearLog()
        harness.willDisplay(2)
        harness.run()
        XCTAssertEqual(harness.entries, [], "a cached image is not loaded again")
    }

    func testDidEndDisplayingCancelsThatRowsImageLoad() throws {
        let harness = loadedHarness()
        harness.willDisplay(1)
        harness.advance(2)
        XCTAssertEqual(harness.imageLoader.activeDownloads, 1)
        harness.cancelImage(1)
        harness.run()
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0)
        XCTAssertEqual(harness.entries, [])
    }

    func testCancellingOneCallerKeepsTheDownloadForAnotherCallerOfTheSameURL() throws {
        let harness = loadedHarness()
        harness.willDisplay(1)
        let box = Locked<FeedImage?>(nil)
        // Another caller (another session, say) wants the same URL straight from the loader.
        let other = harness.imageLoader.retrieveImage(harness.items[1].imageURL!) { result in box.withLock { $0 = try? result.get() } }
        harness.advance(2)
        harness.cancelImage(1)
        harness.advance(1)
        XCTAssertEqual(harness.imageLoader.activeDownloads, 1)
        harness.run()
        XCTAssertNotNil(box.current)
        XCTAssertEqual(harness.entries, [], "the cancelled row is not reported")
        other.dispose()
    }

    func testALateImageOfAReplacedListIsNotReportedUnderTheNewIndex() throws {
        let harness = loadedHarness(imageDelay: 30)  // the image arrives after the reload replaced the list
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        _ = harness.viewModel.loadImage(index: 3).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        harness.advance(1)
        harness.request(reload: true)
        harness.run()
        XCTAssertTrue(harness.entries.contains(.result("reload")))
        XCTAssertFalse(harness.entries.contains { if case .image = $0 { true } else { false } })
        XCTAssertEqual(box.current.map { if case .failure(.cancelled(.superseded)) = $0 { true } else { false } }, true)
    }

    func testACategorySwitchCancelsPendingImageLoads() throws {
        let harness = loadedHarness()
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        _ = harness.viewModel.loadImage(index: 3).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        harness.advance(1)
        harness.updateInput(["category": "welfare"])
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0)
        XCTAssertFalse(harness.entries.contains { if case .image = $0 { true } else { false } })
        XCTAssertEqual(box.current.map { if case .failure(.cancelled(.superseded)) = $0 { true } else { false } }, true)
        XCTAssertEqual(harness.items.first?.id, "welfare-1")
    }

    /// Subscribes to `loadImage(index:)`, keeping its outcome; the subscription withdraws it.
    private func loadImage(_ harness: FeedHarness, _ index: Int) -> (Locked<Result<FeedImage, FeedError>?>, any Disposable) {
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        let subscription = harness.viewModel.loadImage(index: index).subscribe { result in
            box.withLock { $0 = result.mapError { $0 as! FeedError } }
        }
        return (box, subscription)
    }

    func testAWithdrawnLoadImageStopsItsDownloadAndReportsNothing() throws {
        let harness = loadedHarness()
        let (box, subscription) = loadImage(harness, 3)
        harness.advance(2)
        XCTAssertEqual(harness.imageLoader.activeDownloads, 1)
        subscription.dispose()  // what `$/cancelRequest` does
        harness.run()
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0, "no one else waited: the download stopped")
        XCTAssertNil(box.current)
        XCTAssertEqual(harness.entries, [], "nothing is reported for a withdrawn load")
        XCTAssertFalse(harness.imageLoader.isCached(try XCTUnwrap(harness.items[3].imageURL)))
    }

    func testAWithdrawnLoadImageLeavesTheDownloadToAnotherCallerOfTheRow() throws {
        let harness = loadedHarness()
        let (withdrawn, subscription) = loadImage(harness, 3)
        let (kept, _) = loadImage(harness, 3)
        harness.advance(2)
        subscription.dispose()
        harness.run()
        XCTAssertNil(withdrawn.current)
        XCTAssertNotNil(try kept.current?.get())
        XCTAssertEqual(harness.entries, [.image(index: 3, ok: true)], "one report, for the caller still waiting")
    }

    func testEachWayOfCuttingOffAnImageLoadSaysWhy() throws {
        let cuts: [(CancellationReason, (FeedHarness) -> Void)] = [
            (.superseded, { $0.request(reload: true) }),
            (.superseded, { $0.updateInput(["category": "iOS"]) }),
            (.disposed, { $0.viewModel.dispose() }),
            (.imageCancelled, { $0.cancelImage(3) }),
        ]
        for (reason, cut) in cuts {
            let harness = loadedHarness(imageDelay: 30)
            let (box, _) = loadImage(harness, 3)
            harness.advance(1)
            cut(harness)
            harness.run()
            XCTAssertEqual(box.current.map { if case .failure(.cancelled(reason)) = $0 { true } else { false } }, true, "\(reason)")
            XCTAssertEqual(harness.imageLoader.activeDownloads, 0, "\(reason): the download stopped")
            XCTAssertFalse(harness.entries.contains { if case .image = $0 { true } else { false } }, "\(reason)")
        }
    }
}

@testable import Feed
import FeedModel
import Images
import JSON
import Locking
import Reactive
import XCTest

/// An item's image in two variants: the full image and the thumbnail a grid shows. A row's
/// variants load, join, report and withdraw apart; leaving the row cancels both.
final class FeedViewModelImageVariantTests: XCTestCase {
    /// The stub catalog's first page, loaded; its images arrive after `imageDelay` ticks.
    /// A harness without image prefetching (`FeedViewModelPrefetchTests` has its own).
    private func loadedHarness(imageDelay: Double = 5) -> FeedHarness {
        let harness = FeedHarness(input: try! FeedInput(json: ["prefetchImages": 0]), imageDelay: imageDelay)
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        return harness
    }

    /// Every `imageDownloaded` the view model emits from now on.
    private func downloads(_ harness: FeedHarness) -> Locked<[ImageDownload]> {
        let downloads = Locked<[ImageDownload]>([])
        _ = harness.output.imageDownloaded.subscribe(onNext: { download in downloads.withLock { $0.append(download) } })
        return downloads
    }

    /// Subscribes to `loadImage(index:variant:)`, keeping its outcome; the subscription withdraws it.
    private func loadImage(_ harness: FeedHarness, _ index: Int, _ variant: ImageVariant)
        -> (Locked<Result<FeedImage, FeedError>?>, any Disposable)
    {
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        let subscription = harness.viewModel.loadImage(index: index, variant: variant).subscribe { result in
            box.withLock { $0 = result.mapError { $0 as! FeedError } }
        }
        return (box, subscription)
    }

    private func display(_ harness: FeedHarness, _ index: Int, _ variant: ImageVariant) -> Locked<DisplayOutcome?> {
        let outcome = Locked<DisplayOutcome?>(nil)
        _ = harness.viewModel.willDisplay(index: index, variant: variant).subscribe { result in outcome.withLock { $0 = try? result.get() } }
        return outcome
    }

    func testTheThumbnailVariantLoadsTheThumbnailURL() throws {
        let harness = loadedHarness()
        let reports = downloads(harness)
        let (box, _) = loadImage(harness, 4, .thumbnail)
        harness.run()
        let item = harness.items[4]
        let image = try XCTUnwrap(box.current?.get())
        XCTAssertEqual(image.url, try XCTUnwrap(item.thumbnailURL))
        XCTAssertEqual([image.info.width, image.info.height], [item.width! / 2, item.height! / 2])
        XCTAssertEqual(reports.current.map(\.variant), [.thumbnail])
        XCTAssertEqual(reports.current.first?.image, image)
    }

    func testWithoutAThumbnailURLTheThumbnailVariantIsTheFullImage() throws {
        let harness = FeedHarness()
        harness.override.withLock {
            $0 = { _ in ["code": 0, "msg": "ok", "data": ["total": 1, "list": [["id": "a", "title": "a", "imageURL": "stub://images/all/1.png?w=8&h=6"]]]] }
        }
        harness.request(reload: true)
        harness.run()
        let reports = downloads(harness)
        let (box, _) = loadImage(harness, 0, .thumbnail)
        harness.run()
        XCTAssertEqual(try box.current?.get().url, "stub://images/all/1.png?w=8&h=6")
        XCTAssertEqual(reports.current.map(\.variant), [.thumbnail], "reported as the variant asked for")
    }

    func testAnItemWithoutImageURLHasNoThumbnailEither() {
        let harness = FeedHarness()
        harness.override.withLock {
            $0 = { _ in ["code": 0, "msg": "ok", "data": ["total": 1, "list": [["id": "a", "title": "a", "thumbnailURL": "stub://images/all/1.png"]]]] }
        }
        harness.request(reload: true)
        harness.run()
        let (box, _) = loadImage(harness, 0, .thumbnail)
        let outcome = display(harness, 0, .thumbnail)
        harness.run()
        XCTAssertEqual(box.current.map { if case .failure(.noImage(index: 0)) = $0 { true } else { false } }, true)
        XCTAssertEqual(outcome.current, DisplayOutcome(startedLoadMore: false, startedImage: false))
    }

    func testWillDisplayLoadsTheVariantItNamesAndIsNotFooledByTheOther() throws {
        let harness = loadedHarness()
        let reports = downloads(harness)
        let full = display(harness, 2, .full)
        harness.advance(1)
        // The full image is still loading: the thumbnail is another picture, loaded on its own.
        let thumbnail = display(harness, 2, .thumbnail)
        harness.advance(1)
        XCTAssertEqual(harness.imageLoader.activeDownloads, 2)
        harness.run()
        XCTAssertEqual(full.current, DisplayOutcome(startedLoadMore: false, startedImage: true))
        XCTAssertEqual(thumbnail.current, DisplayOutcome(startedLoadMore: false, startedImage: true))
        XCTAssertEqual(Set(reports.current.map(\.variant)), [.full, .thumbnail])
        for report in reports.current {
            XCTAssertEqual(report.image?.url, harness.items[2].imageURL(report.variant), "\(report.variant)")
        }
        // Each variant is cached now; a cached variant is not loaded again, the other one still is.
        XCTAssertEqual(harness.imageLoader.isCached(try XCTUnwrap(harness.items[2].thumbnailURL)), true)
        let again = display(harness, 2, .thumbnail)
        harness.run()
        XCTAssertEqual(again.current, DisplayOutcome(startedLoadMore: false, startedImage: false, imageReady: true))
    }

    func testAWillDisplayJoinsAPendingLoadOfItsOwnVariantOnly() {
        let harness = loadedHarness()
        let (_, _) = loadImage(harness, 3, .thumbnail)
        harness.advance(1)
        let joined = display(harness, 3, .thumbnail)
        let started = display(harness, 3, .full)
        harness.run()
        XCTAssertEqual(joined.current?.startedImage, false, "the thumbnail was already loading")
        XCTAssertEqual(started.current?.startedImage, true, "the full image was not")
    }

    func testWithdrawingOneVariantLeavesTheOtherLoading() throws {
        let harness = loadedHarness()
        let reports = downloads(harness)
        let (withdrawn, subscription) = loadImage(harness, 3, .thumbnail)
        let (kept, _) = loadImage(harness, 3, .full)
        harness.advance(2)
        subscription.dispose()
        harness.run()
        XCTAssertNil(withdrawn.current)
        XCTAssertEqual(try kept.current?.get().url, harness.items[3].imageURL)
        XCTAssertEqual(reports.current.map(\.variant), [.full])
        XCTAssertFalse(harness.imageLoader.isCached(try XCTUnwrap(harness.items[3].thumbnailURL)), "its download stopped")
    }

    func testLeavingTheRowCancelsBothVariants() {
        let harness = loadedHarness()
        let reports = downloads(harness)
        let (thumbnail, _) = loadImage(harness, 5, .thumbnail)
        let (full, _) = loadImage(harness, 5, .full)
        harness.advance(2)
        XCTAssertEqual(harness.imageLoader.activeDownloads, 2)
        harness.cancelImage(5)
        harness.run()
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0)
        for box in [thumbnail, full] {
            XCTAssertEqual(box.current.map { if case .failure(.cancelled(.imageCancelled)) = $0 { true } else { false } }, true)
        }
        XCTAssertEqual(reports.current, [])
    }
}

import FeedModel
import FeedSources
import Foundation
import Images
import Locking
import Network
import Reactive
import XCTest

@testable import Feed

/// `willDisplay` prefetches the images of the next `prefetchImages` rows in the scroll
/// direction at low priority; rows leaving the window, `didEndDisplaying` and a new list
/// cancel them; a prefetched image is ready when its row is shown.
final class FeedViewModelPrefetchTests: XCTestCase {
    private func loadedHarness(prefetchImages: Int = 3, imageDelay: Double = 5) -> FeedHarness {
        let input = try! FeedInput(json: ["prefetchImages": .int(Int64(prefetchImages)), "pageSize": 20, "prefetchDistance": 0])
        let harness = FeedHarness(input: input, imageDelay: imageDelay)
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        return harness
    }

    private func rows(_ harness: FeedHarness, _ requests: [(url: String, priority: RequestPriority.Level)]) -> [Int] {
        requests.map { request in harness.items.firstIndex { $0.imageURL == request.url }! }
    }

    private func display(_ harness: FeedHarness, _ index: Int) -> Locked<DisplayOutcome?> {
        let box = Locked<DisplayOutcome?>(nil)
        _ = harness.viewModel.willDisplay(index: index).subscribe { result in box.withLock { $0 = try? result.get() } }
        return box
    }

    func testTheNextRowsInTheScrollDirectionArePrefetchedAtLowPriority() {
        let harness = loadedHarness()
        harness.willDisplay(4)
        harness.advance(1)
        XCTAssertEqual(rows(harness, harness.imageRequests.current), [4, 5, 6, 7])
        XCTAssertEqual(harness.imageRequests.current.map(\.priority), [.high, .low, .low, .low])
        harness.run()
        XCTAssertEqual(harness.entries, [.image(index: 4, ok: true)], "a prefetch reports nothing")

        harness.imageRequests.withLock { $0 = [] }
        let shown = display(harness, 5)
        harness.run()
        XCTAssertEqual(shown.current, DisplayOutcome(startedLoadMore: false, startedImage: false, imageReady: true))
        XCTAssertEqual(rows(harness, harness.imageRequests.current), [8], "only the row entering the window")
    }

    func testARowShownAgainIsReadyOnlyWhileItsImageStaysCached() {
        let harness = loadedHarness(prefetchImages: 0)
        harness.willDisplay(2)
        harness.run()
        let again = display(harness, 2)
        harness.run()
        XCTAssertEqual(again.current, DisplayOutcome(startedLoadMore: false, startedImage: false, imageReady: true))

        harness.imageLoader.memoryCache.removeAll()
        _ = harness.imageLoader.diskCache?.removeAll()
        let afterEviction = display(harness, 2)
        harness.run()
        XCTAssertEqual(afterEviction.current, DisplayOutcome(startedLoadMore: false, startedImage: true, imageReady: false))
    }

    func testScrollingBackPrefetchesUpwardsAndCancelsTheRowsLeftBehind() {
        let harness = loadedHarness()
        harness.willDisplay(10)
        harness.advance(1)
        harness.imageRequests.withLock { $0 = [] }
        harness.willDisplay(9)
        harness.run()
        XCTAssertEqual(rows(harness, harness.imageRequests.current), [9, 8, 7, 6])
        XCTAssertEqual(harness.answeredImages.current.count, 5, "10 and 9 (visible), 8, 7, 6; 11 to 13 were cancelled unanswered")
        XCTAssertFalse(harness.imageLoader.isCached(harness.items[11].imageURL!))
    }

    func testDidEndDisplayingCancelsThatRowsPrefetch() {
        let harness = loadedHarness()
        harness.willDisplay(0)
        harness.advance(1)
        XCTAssertEqual(harness.viewModel.prefetcher.runningTags, [1, 2, 3])
        harness.cancelImage(2)
        harness.run()
        XCTAssertEqual(harness.answeredImages.current.count, 3)
        XCTAssertTrue(harness.imageLoader.isCached(harness.items[3].imageURL!))
        XCTAssertFalse(harness.imageLoader.isCached(harness.items[2].imageURL!))
    }

    func testANewListCancelsEveryPrefetch() {
        let harness = loadedHarness(imageDelay: 30)
        harness.willDisplay(0)
        harness.advance(1)
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.viewModel.prefetcher.runningTags, [])
        XCTAssertEqual(harness.answeredImages.current.count, 0, "the reload (10 ticks) came before any image (30)")
    }

    func testNoPrefetchWithPrefetchImagesZero() {
        let harness = loadedHarness(prefetchImages: 0)
        harness.willDisplay(0)
        harness.run()
        XCTAssertEqual(rows(harness, harness.imageRequests.current), [0])
    }
}

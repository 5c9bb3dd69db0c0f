@testable import Feed
import FeedModel
import Images
import Locking
import Reactive
import XCTest

/// Commands that read the list by index (`loadImage`, `willDisplay`, `cancelImage`) take effect
/// after the loads that arrived before them, so a front end may pipeline them after a
/// `requestCommand` without waiting for its answer.
final class FeedViewModelPipeliningTests: XCTestCase {
    private func loadImage(_ harness: FeedHarness, _ index: Int) -> Locked<Result<FeedImage, FeedError>?> {
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        let log = harness.log
        _ = harness.viewModel.loadImage(index: index).subscribe { result in
            box.withLock { $0 = result.mapError { $0 as! FeedError } }
            log.withLock { $0.append(.result("image \(index)")) }
        }
        return box
    }

    private func display(_ harness: FeedHarness, _ index: Int) -> Locked<Result<DisplayOutcome, FeedError>?> {
        let box = Locked<Result<DisplayOutcome, FeedError>?>(nil)
        _ = harness.viewModel.willDisplay(index: index).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        return box
    }

    private func loadedHarness(pages: Int = 1, imageDelay: Double = 5) -> FeedHarness {
        let harness = FeedHarness(imageDelay: imageDelay)
        for page in 0..<pages { harness.request(reload: page == 0) }
        harness.run()
        harness.clearLog()
        return harness
    }

    func testALoadImagePipelinedAfterTheFirstReloadLoadsTheNewListsItem() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        let image = loadImage(harness, 0)
        harness.run()
        XCTAssertEqual(try image.current?.get().url, harness.items[0].imageURL)
        XCTAssertEqual(harness.entries, [
            .status(.beingHeaderRefresh), .sections(revision: 1, count: 10), .hud(.success, "Load successful"),
            .status(.endHeaderRefresh), .status(.footerStatus(isHidden: false, isNoMoreData: false)), .result("reload"),
            .image(index: 0, ok: true), .result("image 0"),
        ])
    }

    func testAWillDisplayPipelinedAfterAReloadSeesTheReloadedList() throws {
        let harness = loadedHarness(pages: 2)
        harness.request(reload: true)
        let beyond = display(harness, 15)  // row 15 of the old list: the reload keeps 10 rows
        let nearTheEnd = display(harness, 8)
        harness.run()
        XCTAssertEqual(beyond.current.map { if case .failure(.invalidIndex(15, count: 10)) = $0 { true } else { false } }, true)
        XCTAssertEqual(try nearTheEnd.current?.get().startedLoadMore, true)
        XCTAssertEqual(harness.items.count, 20, "the reload's first page, then the page row 8 asked for")
    }

    func testAnIndexBeyondTheListWaitsForTheLoadMoreInFlight() throws {
        let harness = loadedHarness()
        harness.request(reload: false)
        let image = loadImage(harness, 12)
        harness.run()
        XCTAssertEqual(try image.current?.get().url, harness.items[12].imageURL)
    }

    func testAnIndexInsideTheListDoesNotWaitForALoadMore() throws {
        let harness = loadedHarness()
        harness.request(reload: false)  // its page takes 10 ticks, the image 5
        let image = loadImage(harness, 3)
        let nearTheEnd = display(harness, 9)
        harness.run()
        XCTAssertNotNil(try image.current?.get())
        XCTAssertEqual(try nearTheEnd.current?.get().startedLoadMore, true, "joins the load-more in flight")
        XCTAssertEqual(harness.items.count, 20, "one page for both")
        let order = harness.entries.filter { if case .status = $0 { false } else { true } }
        XCTAssertEqual(order.first, .image(index: 3, ok: true), "the image did not wait for the page")
    }

    func testWaitingReadersKeepTheirArrivalOrder() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        let image = loadImage(harness, 0)
        let cancelled = Locked<Bool?>(nil)
        _ = harness.viewModel.cancelImage(index: 0).subscribe { result in cancelled.withLock { $0 = try? result.get() } }
        harness.run()
        XCTAssertEqual(image.current.map { if case .failure(.cancelled(.imageCancelled)) = $0 { true } else { false } }, true)
        XCTAssertEqual(cancelled.current, true)
        XCTAssertFalse(harness.entries.contains { if case .image = $0 { true } else { false } })
    }

    func testAReaderWaitingForASupersededReloadTakesEffectBeforeTheNextReload() throws {
        let harness = loadedHarness(imageDelay: 30)  // the image would arrive after the second reload
        harness.request(reload: true, name: "first")
        let image = loadImage(harness, 2)
        harness.request(reload: true, name: "second")
        harness.run()
        // The image load arrived before the second reload: it started on the list the first
        // (superseded) reload left, and the second reload's new list cut it off.
        XCTAssertEqual(image.current.map { if case .failure(.cancelled(.superseded)) = $0 { true } else { false } }, true)
        XCTAssertFalse(harness.entries.contains { if case .image = $0 { true } else { false } })
    }

    func testAWithdrawnWaitingLoadImageNeverStarts() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        let subscription = harness.viewModel.loadImage(index: 0).subscribe { _ in XCTFail("a withdrawn load is not answered") }
        harness.advance(2)
        subscription.dispose()
        harness.run()
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0)
        XCTAssertFalse(harness.entries.contains { if case .image = $0 { true } else { false } })
    }

    func testDisposeAnswersWaitingReaders() throws {
        let harness = FeedHarness()
        harness.request(reload: true)
        let image = loadImage(harness, 0)
        harness.advance(2)
        harness.viewModel.dispose()
        harness.run()
        XCTAssertEqual(image.current.map { if case .failure(.cancelled(.disposed)) = $0 { true } else { false } }, true)
    }
}

@testable import Feed
import FeedModel
import JSON
import XCTest

final class OfflineFirstTests: XCTestCase {
    private func loadThreePages(_ harness: LivingFeedHarness) throws {
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.request(reload: false))
        try harness.run(harness.viewModel.request(reload: false))
    }

    func testASessionOpensOnItsFeedsStoredListMarkedStale() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<45))
        try loadThreePages(harness)
        let fetchedAt = harness.clock.current
        harness.clock.withLock { $0 += 60_000 }

        harness.open()
        let opening = harness.viewModel.currentSections
        XCTAssertEqual(opening.revision, 0)
        XCTAssertEqual(opening.sections[0].items.map(\.id), feedItems(0..<30).map(\.id), "the 30 stored items at once")
        XCTAssertTrue(opening.isStale)
        XCTAssertEqual(opening.storedAt, fetchedAt)
        XCTAssertEqual(harness.viewModel.currentRefreshStatus, .footerStatus(isHidden: false, isNoMoreData: false))
        XCTAssertEqual(harness.viewModel.currentRefreshUpdate.loads.lastUpdated, Double(fetchedAt) / 1000, "lastUpdated: when the list was fetched")
    }

    func testWhenTheReloadOfAStaleListFailsTheListStaysAndLoadMoreContinuesWhereItStopped() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<45))
        try loadThreePages(harness)
        harness.open()
        harness.source.failing.withLock { $0 = true }
        harness.source.requests.withLock { $0 = [] }

        harness.viewModel.resume()
        harness.advance()
        XCTAssertEqual(harness.source.requests.current, [0], "the stale list is reloaded as the session opens")
        XCTAssertEqual(harness.ids.count, 30, "a failed reload keeps the stored list")
        XCTAssertTrue(harness.viewModel.currentSections.isStale)
        XCTAssertEqual(harness.huds.current.map(\.style), [.error])
        XCTAssertTrue(harness.viewModel.currentRefreshUpdate.loads.refresh.isError, "the refresh load state says it failed")

        harness.source.failing.withLock { $0 = false }
        let result = try harness.run(harness.viewModel.request(reload: false))
        XCTAssertEqual(harness.source.requests.current, [0, 3], "load-more asks for the page after the stored ones")
        XCTAssertEqual(result.count, 40)
        XCTAssertEqual(harness.ids, feedItems(0..<40).map(\.id))
        XCTAssertEqual(harness.lastUpdate?.changes?.inserted, Array(30..<40))
    }

    func testAReloadOfTheStoredListKeepsThePlaceAndClearsTheStaleMark() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<45))
        try loadThreePages(harness)
        harness.open()
        harness.viewModel.resume()
        harness.advance()
        let update = try XCTUnwrap(harness.lastUpdate)
        XCTAssertTrue(update.keepsPlace, "the stored list overlaps the new first page: sent as changes")
        XCTAssertEqual(update.changes?.deleted, Array(10..<30))
        XCTAssertFalse(update.isStale)
        XCTAssertNil(update.storedAt)
        XCTAssertEqual(harness.ids, feedItems(0..<10).map(\.id))
    }

    func testAStoredListFresherThanStaleAfterIsNotReloaded() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<45), input: ["pageSize": 10, "staleAfterMs": 300_000])
        try harness.run(harness.viewModel.request(reload: true))
        harness.clock.withLock { $0 += 299_000 }
        harness.open()
        harness.source.requests.withLock { $0 = [] }
        harness.viewModel.resume()
        harness.advance()
        XCTAssertEqual(harness.source.requests.current, [])
        XCTAssertFalse(harness.viewModel.currentSections.isStale, "fresh enough to show as it is")

        harness.clock.withLock { $0 += 2_000 }
        harness.open()
        harness.viewModel.resume()
        harness.advance()
        XCTAssertEqual(harness.source.requests.current, [0], "older than staleAfterMs: reloaded")
    }

    func testEveryAcknowledgedPageIsStoredBeforeItsCallerHears() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25))
        let store = try XCTUnwrap(harness.store)
        try harness.run(harness.viewModel.request(reload: true).map { _ in store.writes.current })
        let afterSecond = try harness.run(harness.viewModel.request(reload: false).map { _ in store.writes.current })
        XCTAssertEqual(afterSecond, ["reload 10", "page 1 10"])
        let stored = try XCTUnwrap(store.storedFeed(harness.input.feedKey)?.list)
        XCTAssertEqual(stored.continuation, FeedContinuation(nextPage: 2, cursor: nil, hasMore: true))
    }

    func testWithoutAStoreASessionStartsEmptyAndStoresNothing() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25), store: nil)
        try harness.run(harness.viewModel.request(reload: true))
        harness.open()
        XCTAssertEqual(harness.ids, [])
        XCTAssertFalse(harness.viewModel.currentSections.isStale)
    }

    func testSwitchingToAnotherFeedOpensItsStoredList() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25))
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.updateInput(merging: members(["category": "iOS"])))
        XCTAssertEqual(harness.ids, [], "nothing stored for iOS")
        try harness.run(harness.viewModel.updateInput(merging: members(["category": "all"])))
        XCTAssertEqual(harness.ids.count, 10, "back to all: its stored list")
        XCTAssertTrue(harness.viewModel.currentSections.isStale)
        try harness.run(harness.viewModel.updateInput(merging: members(["hud": false])))
        XCTAssertEqual(harness.ids, [], "the same feed with another session member starts over empty, as before")
    }
}

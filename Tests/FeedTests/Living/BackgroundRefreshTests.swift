@testable import Feed
import FeedModel
import JSON
import XCTest

final class BackgroundRefreshTests: XCTestCase {
    private func boundHarness(_ input: JSON) throws -> LivingFeedHarness {
        let harness = try LivingFeedHarness(items: feedItems(0..<25), input: input)
        try harness.run(harness.viewModel.request(reload: true))
        harness.viewModel.setAutoRefresh(true)
        return harness
    }

    func testABoundSessionReloadsEveryIntervalQuietly() throws {
        let harness = try boundHarness(["pageSize": 10, "refreshIntervalMs": 60_000])
        harness.source.requests.withLock { $0 = [] }
        let statuses = harness.statuses.current.count
        harness.advance(59)
        XCTAssertEqual(harness.source.requests.current, [])
        harness.advance(20)
        XCTAssertEqual(harness.source.requests.current, [0])
        harness.advance(60)
        XCTAssertEqual(harness.source.requests.current, [0, 0])
        XCTAssertEqual(harness.huds.current.count, 1, "only the first reload's HUD")
        XCTAssertEqual(harness.statuses.current.dropFirst(statuses).filter(\.concernsHeader), [], "no spinner")
        harness.viewModel.setAutoRefresh(false)
        harness.advance(200)
        XCTAssertEqual(harness.source.requests.current, [0, 0], "unbound: no more")
    }

    func testNewItemsAtTheTopWaitForShowNew() throws {
        let harness = try boundHarness(["pageSize": 10, "refreshIntervalMs": 60_000])
        harness.source.items.withLock { $0.insert(contentsOf: [FeedItem(id: "a", title: "A", imageURL: nil), FeedItem(id: "b", title: "B", imageURL: nil)], at: 0) }
        let revision = harness.viewModel.currentSections.revision
        harness.advance(75)
        XCTAssertEqual(harness.announcements.current, [NewItems(ids: ["a", "b"])])
        XCTAssertEqual(harness.viewModel.currentSections.revision, revision, "the list does not move")
        harness.advance(60)
        XCTAssertEqual(harness.announcements.current.count, 1, "the same new items are announced once")

        let result = try harness.run(harness.viewModel.showNew())
        XCTAssertEqual(result.shown, 2)
        XCTAssertEqual(Array(harness.ids.prefix(3)), ["a", "b", "item-0"])
        XCTAssertEqual(harness.lastUpdate?.changes?.inserted, [0, 1])
        XCTAssertEqual(try harness.run(harness.viewModel.showNew()).shown, 0, "nothing left to show")
    }

    func testAutoShowNewAppliesThemAtOnceKeepingThePlace() throws {
        let harness = try boundHarness(["pageSize": 10, "refreshIntervalMs": 60_000, "autoShowNew": true])
        try harness.run(harness.viewModel.willDisplay(index: 5))
        harness.source.items.withLock { $0.insert(FeedItem(id: "a", title: "A", imageURL: nil), at: 0) }
        harness.advance(75)
        XCTAssertEqual(harness.announcements.current, [])
        XCTAssertEqual(harness.ids.first, "a")
        XCTAssertEqual(harness.lastUpdate?.anchor, SectionsAnchor(id: "item-5", index: 6))
    }

    func testALoadMoreSupersedesABackgroundReload() throws {
        let harness = try boundHarness(["pageSize": 10, "refreshIntervalMs": 60_000])
        harness.advance(61)
        XCTAssertNotNil(harness.source.requests.current.last)
        let result = try harness.run(harness.viewModel.request(reload: false))
        XCTAssertEqual(result.count, 20, "the load-more ran instead of joining the quiet reload")
    }
}

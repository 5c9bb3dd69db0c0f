@testable import Feed
import FeedModel
import JSON
import XCTest

final class ReloadKeepsPlaceTests: XCTestCase {
    func testTwoItemsInsertedAtTheTopAndOneChangedAreSentAsChangesWithTheAnchor() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<30))
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.willDisplay(index: 4))
        try harness.run(harness.viewModel.willDisplay(index: 5))
        harness.source.items.withLock { items in
            items[6].title = "Changed"
            items.insert(contentsOf: [FeedItem(id: "new-1", title: "New 1", imageURL: nil), FeedItem(id: "new-2", title: "New 2", imageURL: nil)], at: 0)
        }
        try harness.run(harness.viewModel.request(reload: true))

        let update = try XCTUnwrap(harness.lastUpdate)
        XCTAssertTrue(update.keepsPlace)
        XCTAssertTrue(update.sendsChanges)
        XCTAssertEqual(update.changes?.inserted, [0, 1])
        XCTAssertEqual(update.changes?.updated, [8], "item-6, now at index 8")
        XCTAssertEqual(update.changes?.deleted, [8, 9], "the old page's last two fell off the first page")
        XCTAssertEqual(update.anchor, SectionsAnchor(id: "item-4", index: 6), "the first displayed row and where it is now")
    }

    func testARowThatLeftTheScreenNoLongerAnchors() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<30))
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.willDisplay(index: 2))
        try harness.run(harness.viewModel.willDisplay(index: 3))
        try harness.run(harness.viewModel.didEndDisplaying(index: 2))
        harness.source.items.withLock { $0.insert(FeedItem(id: "new", title: "New", imageURL: nil), at: 0) }
        try harness.run(harness.viewModel.request(reload: true))
        XCTAssertEqual(harness.lastUpdate?.anchor, SectionsAnchor(id: "item-3", index: 4))
    }

    func testAReloadWithNothingInCommonIsANewList() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<30))
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.willDisplay(index: 0))
        harness.source.items.withLock { $0 = feedItems(100..<130) }
        try harness.run(harness.viewModel.request(reload: true))
        let update = try XCTUnwrap(harness.lastUpdate)
        XCTAssertFalse(update.keepsPlace)
        XCTAssertFalse(update.sendsChanges, "sent whole")
        XCTAssertNil(update.anchor)
    }

    func testRandomServerChangesApplyToTheClientsListExactly() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let harness = try LivingFeedHarness(items: feedItems(0..<10))
            try harness.run(harness.viewModel.request(reload: true))
            var server = feedItems(0..<10)
            var next = 100
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: server.insert(FeedItem(id: "n\(next)", title: "N", imageURL: nil), at: Int.random(in: 0...server.count, using: &generator)); next += 1
                case 1: if !server.isEmpty { server.remove(at: Int.random(in: 0..<server.count, using: &generator)) }
                case 2: if server.count > 1 { server.swapAt(Int.random(in: 0..<server.count, using: &generator), Int.random(in: 0..<server.count, using: &generator)) }
                default: if !server.isEmpty { server[Int.random(in: 0..<server.count, using: &generator)].title += "*" }
                }
            }
            harness.source.items.withLock { $0 = server }
            let before = harness.ids.isEmpty ? [] : Array(harness.viewModel.currentSections.sections[0].items)
            try harness.run(harness.viewModel.request(reload: true))
            let update = try XCTUnwrap(harness.lastUpdate)
            let expected = Array(server.prefix(10))
            if update.sendsChanges, let changes = update.changes {
                XCTAssertEqual(changes.apply(to: before), expected)
            } else {
                XCTAssertEqual(Array(update.sections[0].items), expected)
            }
        }
    }
}

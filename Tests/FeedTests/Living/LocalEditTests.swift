@testable import Feed
import FeedModel
import JSON
import XCTest

final class LocalEditTests: XCTestCase {
    func testUpdatingAnItemSendsOneUpdatedRowAndKeepsExtraFields() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25))
        try harness.run(harness.viewModel.request(reload: true))
        let outcome = try harness.run(harness.viewModel.updateItem(id: "item-3", fields: members(["liked": true, "title": "Mine"])))
        XCTAssertEqual(outcome, EditOutcome(revision: 2, found: true))
        let update = try XCTUnwrap(harness.lastUpdate)
        XCTAssertEqual(update.changes?.updated, [3])
        XCTAssertTrue(update.sendsChanges)
        let item = update.sections[0].items[3]
        XCTAssertEqual(item.title, "Mine")
        XCTAssertEqual(item.extra, members(["liked": true]))
    }

    func testRemovingAnItemSendsOneDeletedRowAndNoPageOrReloadBringsItBack() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25))
        try harness.run(harness.viewModel.request(reload: true))
        let outcome = try harness.run(harness.viewModel.removeItem(id: "item-2"))
        XCTAssertTrue(outcome.found)
        XCTAssertEqual(harness.lastUpdate?.changes?.deleted, [2])
        XCTAssertTrue(harness.lastUpdate?.sendsChanges ?? false)
        try harness.run(harness.viewModel.request(reload: true))
        XCTAssertFalse(harness.ids.contains("item-2"))
        XCTAssertEqual(harness.ids.count, 9)
        try harness.run(harness.viewModel.removeItem(id: "item-12"))
        XCTAssertEqual(try harness.run(harness.viewModel.removeItem(id: "item-12")).found, false, "not listed yet: kept for later")
        try harness.run(harness.viewModel.request(reload: false))
        XCTAssertFalse(harness.ids.contains("item-12"), "hidden in a later page too")
    }

    func testEditsSurviveReloadsLaterPagesAndNewSessions() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25))
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.updateItem(id: "item-15", fields: members(["liked": true])))
        try harness.run(harness.viewModel.removeItem(id: "item-1"))
        try harness.run(harness.viewModel.request(reload: false))
        XCTAssertEqual(harness.viewModel.currentSections.sections[0].items.first { $0.id == "item-15" }?.extra, members(["liked": true]))

        harness.open()
        XCTAssertFalse(harness.ids.contains("item-1"), "the stored list with the edits applied")
        XCTAssertEqual(harness.viewModel.currentSections.sections[0].items.first { $0.id == "item-15" }?.extra, members(["liked": true]))
        try harness.run(harness.viewModel.request(reload: true))
        XCTAssertFalse(harness.ids.contains("item-1"))
    }

    func testWithoutAStoreEditsLastAsLongAsTheSession() throws {
        let harness = try LivingFeedHarness(items: feedItems(0..<25), store: nil)
        try harness.run(harness.viewModel.request(reload: true))
        try harness.run(harness.viewModel.removeItem(id: "item-0"))
        try harness.run(harness.viewModel.request(reload: true))
        XCTAssertFalse(harness.ids.contains("item-0"))
        harness.open()
        try harness.run(harness.viewModel.request(reload: true))
        XCTAssertTrue(harness.ids.contains("item-0"), "a new session without a store knows no edit")
    }
}

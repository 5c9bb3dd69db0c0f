import Foundation
import JSON
import FeedModel
import Store
import XCTest

final class FeedDatabaseTests: StoreTestCase {
    let feed = FeedKey(source: "stub", category: "all", configuration: ["pageSize": 10])

    func testANewStoreKnowsNoFeed() throws {
        let db = openDatabase()
        XCTAssertNil(try db.read(feed))
        XCTAssertEqual(reports.current, [])
    }

    func testAStoredListReadsBackWithItsContinuationAndTime() throws {
        let db = openDatabase()
        let page1 = items(0..<10) + [FeedItem(id: "x", title: "No image", imageURL: nil, extra: object(["liked": true, "tags": ["a", "b"]]))]
        let generation = try db.replaceList(feed, items: page1, continuation: .init(nextPage: 1, cursor: "c1"), storedAt: 1234)
        XCTAssertTrue(try db.appendPage(feed, generation: generation, page: 1, items: items(10..<20), continuation: .init(nextPage: 2, cursor: "c2")))

        let stored = try XCTUnwrap(openDatabase().read(feed)?.list, "another connection sees it")
        XCTAssertEqual(stored.items, page1 + items(10..<20))
        XCTAssertEqual(stored.continuation, FeedContinuation(nextPage: 2, cursor: "c2", hasMore: true))
        XCTAssertEqual(stored.storedAt, 1234)
        XCTAssertEqual(stored.generation, generation)
    }

    func testAReloadReplacesTheWholeList() throws {
        let db = openDatabase()
        let first = try db.replaceList(feed, items: items(0..<10), continuation: .init(nextPage: 1), storedAt: 1)
        try db.appendPage(feed, generation: first, page: 1, items: items(10..<20), continuation: .init(nextPage: 2))
        try db.replaceList(feed, items: items(100..<105), continuation: .init(nextPage: 1, hasMore: false), storedAt: 2)
        let stored = try XCTUnwrap(try db.read(feed)?.list)
        XCTAssertEqual(stored.items, items(100..<105))
        XCTAssertEqual(stored.continuation, FeedContinuation(nextPage: 1, hasMore: false))
        XCTAssertEqual(stored.storedAt, 2)
    }

    func testAPageOnlyFollowsThePagesOfItsOwnReload() throws {
        let db = openDatabase()
        let first = try db.replaceList(feed, items: items(0..<10), continuation: .init(nextPage: 1), storedAt: 1)
        XCTAssertFalse(try db.appendPage(feed, generation: first, page: 2, items: items(20..<30), continuation: .init(nextPage: 3)), "a gap")
        let second = try db.replaceList(feed, items: items(50..<60), continuation: .init(nextPage: 1), storedAt: 2)
        XCTAssertFalse(try db.appendPage(feed, generation: first, page: 1, items: items(10..<20), continuation: .init(nextPage: 2)), "another reload's page")
        XCTAssertTrue(try db.appendPage(feed, generation: second, page: 1, items: items(60..<70), continuation: .init(nextPage: 2)))
        XCTAssertFalse(try db.appendPage(feed, generation: second, page: 1, items: items(60..<70), continuation: .init(nextPage: 2)), "twice")
        XCTAssertEqual(try db.read(feed)?.list?.items, items(50..<70))
        XCTAssertFalse(try db.appendPage(FeedKey(source: "stub", category: "cats"), generation: second, page: 1, items: [], continuation: .init(nextPage: 2)))
    }

    func testFeedsAreKeptApart() throws {
        let db = openDatabase()
        let alice = FeedKey(source: "unsplash", category: "all", secrets: ["alice-access-key"])
        let bob = FeedKey(source: "unsplash", category: "all", secrets: ["bob-access-key"])
        try db.replaceList(alice, items: items(0..<3, title: "Alice"), continuation: .init(nextPage: 1), storedAt: 1)
        try db.replaceList(bob, items: items(0..<3, title: "Bob"), continuation: .init(nextPage: 1), storedAt: 1)
        XCTAssertEqual(try db.read(alice)?.list?.items, items(0..<3, title: "Alice"))
        XCTAssertEqual(try db.read(bob)?.list?.items, items(0..<3, title: "Bob"))
        XCTAssertNil(try db.read(FeedKey(source: "unsplash", category: "all", secrets: ["eve-access-key"])))
        XCTAssertEqual(try db.feedCount(), 2)
    }

    func testEditsSurviveReloadsAndMerge() throws {
        let db = openDatabase()
        try db.replaceList(feed, items: items(0..<5), continuation: .init(nextPage: 1), storedAt: 1)
        try db.hide(feed, id: "item-2")
        try db.hide(feed, id: "item-2")
        try db.patch(feed, id: "item-3", fields: object(["liked": true, "title": "Mine"]))
        XCTAssertEqual(try db.patch(feed, id: "item-3", fields: object(["liked": false])), object(["liked": false, "title": "Mine"]))
        try db.replaceList(feed, items: items(0..<5), continuation: .init(nextPage: 1), storedAt: 2)
        let edits = try XCTUnwrap(try db.read(feed)?.edits)
        XCTAssertEqual(edits, LocalEdits(hidden: ["item-2"], patches: ["item-3": object(["liked": false, "title": "Mine"])]))
    }

    func testEditsOfAFeedWithoutAListAreKept() throws {
        let db = openDatabase()
        try db.hide(feed, id: "item-1")
        let stored = try XCTUnwrap(try db.read(feed))
        XCTAssertNil(stored.list)
        XCTAssertEqual(stored.edits.hidden, ["item-1"])
    }

    func testTheFileIsInWALModeWithTheCurrentSchema() throws {
        _ = try openDatabase().feedCount()
        let connection = try SQLiteConnection(path: storePath)
        XCTAssertEqual(try connection.query("PRAGMA journal_mode") { $0.text(0) }, ["wal"])
        XCTAssertEqual(try connection.query("PRAGMA user_version") { $0.int(0) }, [1])
    }

    func testAStoreWrittenByANewerFeedVMIsLeftAlone() throws {
        _ = try openDatabase().feedCount()
        try SQLiteConnection(path: storePath).execute("PRAGMA user_version = 99")
        let db = openDatabase()
        XCTAssertThrowsError(try db.read(feed))
        XCTAssertEqual(reports.current.count, 1)
        guard case .unavailable(_, let reason) = reports.current.first else { return XCTFail("\(reports.current)") }
        XCTAssertTrue(reason.contains("newer FeedVM"), reason)
        XCTAssertEqual(try SQLiteConnection(path: storePath).query("PRAGMA user_version") { $0.int(0) }, [99], "untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: storePath + ".corrupt"), "not set aside")
    }
}

final class FeedDatabaseLazinessTests: StoreTestCase {
    func testMakingAStoreTouchesNoFileUntilItIsUsed() throws {
        let db = openDatabase()
        XCTAssertFalse(FileManager.default.fileExists(atPath: storePath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: keyPath))
        XCTAssertEqual(try db.feedCount(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: storePath))
        XCTAssertTrue(FileManager.default.fileExists(atPath: keyPath))
    }
}

import Foundation
import FeedModel
import Store
import XCTest

final class StoreEvictionTests: StoreTestCase {
    private func key(_ name: String) -> FeedKey { FeedKey(source: "stub", category: name) }

    func testFeedsAreEvictedLeastRecentlyUsedFirst() throws {
        // The bound holds three and a half feeds of this size.
        let measuring = openDatabase()
        let empty = try measuring.usedBytes()
        try measuring.replaceList(key("measure"), items: items(0..<300, title: "m"), continuation: .init(nextPage: 1), storedAt: 1)
        let perFeed = try measuring.usedBytes() - empty
        try FileManager.default.removeItem(atPath: storePath)
        let bound = empty + perFeed * 7 / 2
        let db = openDatabase(maxBytes: bound)
        for name in ["a", "b", "c"] {
            try db.replaceList(key(name), items: items(0..<300, title: name), continuation: .init(nextPage: 1), storedAt: 1)
            advance()
        }
        XCTAssertEqual(try db.feedCount(), 3)
        XCTAssertTrue(try db.read(key("a")) != nil, "a is used again")
        advance()
        try db.replaceList(key("d"), items: items(0..<300, title: "d"), continuation: .init(nextPage: 1), storedAt: 1)

        XCTAssertLessThanOrEqual(try db.usedBytes(), bound)
        XCTAssertEqual(try db.feedCount(), 3)
        XCTAssertTrue(try db.read(key("b")) == nil, "the least recently used goes first")
        XCTAssertTrue(try db.read(key("d")) != nil, "the feed just written stays")
        XCTAssertTrue(try db.read(key("a")) != nil, "the one used most recently stays")
        XCTAssertTrue(try db.read(key("c")) != nil)
    }

    func testAFeedTooBigForTheBoundKeepsItsFirstPages() throws {
        let db = openDatabase(maxBytes: 200_000)
        let big = key("big")
        let generation = try db.replaceList(big, items: items(0..<100, title: String(repeating: "x", count: 300)), continuation: .init(nextPage: 1), storedAt: 1)
        for page in 1..<10 {
            try db.appendPage(
                big, generation: generation, page: page, items: items(page * 100..<page * 100 + 100, title: String(repeating: "x", count: 300)),
                continuation: .init(nextPage: page + 1))
        }
        let stored = try XCTUnwrap(try db.read(big)?.list)
        XCTAssertLessThanOrEqual(try db.usedBytes(), 200_000)
        XCTAssertGreaterThan(stored.items.count, 0)
        XCTAssertEqual(stored.items.count % 100, 0, "whole pages")
        XCTAssertEqual(stored.continuation.nextPage, stored.items.count / 100, "the continuation follows the last page kept")
        XCTAssertEqual(stored.items, items(0..<stored.items.count, title: String(repeating: "x", count: 300)), "a prefix")
    }

    func testEvictionGivesTheSpaceBackToTheFileSystem() throws {
        let db = openDatabase(maxBytes: 300_000)
        for name in 0..<20 {
            try db.replaceList(key("\(name)"), items: items(0..<200, title: String(repeating: "y", count: 200)), continuation: .init(nextPage: 1), storedAt: 1)
            advance()
        }
        let other = try SQLiteConnection(path: storePath)
        _ = try other.query("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
        let size = try FileManager.default.attributesOfItem(atPath: storePath)[.size] as? Int ?? 0
        XCTAssertLessThanOrEqual(size, 300_000 + 64 * 1024, "the file itself stays near the bound")
    }
}

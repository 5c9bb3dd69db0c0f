import Foundation
import Locking
import FeedModel
import Store
import XCTest

final class StoreConcurrencyTests: StoreTestCase {
    func testConnectionsWritingDifferentFeedsAtOnceLoseNothing() throws {
        let databases = (0..<4).map { _ in openDatabase() }
        let failures = Locked<[String]>([])
        let pages = (0..<databases.count).map { writer in (0..<25).map { page in items(page * 10..<page * 10 + 10, title: "w\(writer)") } }
        DispatchQueue.concurrentPerform(iterations: databases.count) { writer in
            let feed = FeedKey(source: "stub", category: "writer-\(writer)")
            do {
                let generation = try databases[writer].replaceList(
                    feed, items: pages[writer][0], continuation: .init(nextPage: 1), storedAt: 1)
                for page in 1..<25 {
                    let appended = try databases[writer].appendPage(
                        feed, generation: generation, page: page, items: pages[writer][page],
                        continuation: .init(nextPage: page + 1))
                    if !appended { failures.withLock { $0.append("writer \(writer) page \(page) refused") } }
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        XCTAssertEqual(failures.current, [])
        let reader = openDatabase()
        for writer in 0..<databases.count {
            let list = try XCTUnwrap(try reader.read(FeedKey(source: "stub", category: "writer-\(writer)"))?.list)
            XCTAssertEqual(list.items.count, 250)
            XCTAssertTrue(list.items == items(0..<250, title: "w\(writer)"), "writer \(writer)'s list is whole and in order")
            XCTAssertEqual(list.continuation.nextPage, 25)
        }
    }
}

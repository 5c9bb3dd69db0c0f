@testable import Feed
import FeedModel
import FeedVMTestSupport
import Foundation
import XCTest

final class ChangesetTests: XCTestCase {
    private func item(_ id: Int, _ title: String = "") -> FeedItem {
        FeedItem(id: "\(id)", title: title.isEmpty ? "t\(id)" : title, imageURL: "stub://image/\(id).png")
    }

    func testAppendingAPageIsOneInsertionPerNewItem() {
        let old = (0..<90).map { item($0) }
        let new = old + (90..<100).map { item($0) }
        let changes = Changeset(from: old, to: new)
        XCTAssertEqual(changes.size, 10)
        XCTAssertEqual(changes.inserted, Array(90..<100))
        XCTAssertEqual(changes.apply(to: old), new)
    }

    func testDeletionsMovesAndUpdatesAreFoundByIdentity() {
        let old = [item(1), item(2), item(3), item(4)]
        let new = [item(4), item(1), item(3, "changed"), item(5)]
        let changes = Changeset(from: old, to: new)
        XCTAssertEqual(changes.deleted, [1])
        XCTAssertEqual(changes.inserted, [3])
        XCTAssertEqual(changes.moved, [.init(from: 3, to: 0)])
        XCTAssertEqual(changes.updated, [2])
        XCTAssertEqual(changes.apply(to: old), new)
    }

    func testAReloadOfTheSameIdsInTheSameOrderIsOnlyItsUpdates() {
        let old = (0..<5).map { item($0) }
        var new = old
        new[1].title = "changed"
        new[4].imageURL = nil
        let changes = Changeset(from: old, to: new)
        XCTAssertEqual([changes.deleted, changes.inserted, changes.updated], [[], [], [1, 4]])
        XCTAssertEqual(changes.moved, [])
        XCTAssertEqual(changes.apply(to: old), new)
    }

    func testEqualSnapshotsHaveNoChanges() {
        let list = (0..<5).map { item($0) }
        XCTAssertTrue(Changeset(from: list, to: list).isEmpty)
    }

    func testApplyingTheDiffOfAThousandRandomStepsRebuildsEachSnapshot() {
        var random = SplitMix64(seed: 0xFEED)
        var current = (0..<20).map { item($0) }
        var nextId = 20
        for step in 0..<1000 {
            var next = current
            for _ in 0..<Int(random.next() % 6) {
                switch random.next() % 5 {
                case 0 where !next.isEmpty: next.remove(at: Int(random.next() % UInt64(next.count)))
                case 1:
                    next.insert(item(nextId), at: Int(random.next() % UInt64(next.count + 1)))
                    nextId += 1
                case 2 where next.count > 1:
                    let moved = next.remove(at: Int(random.next() % UInt64(next.count)))
                    next.insert(moved, at: Int(random.next() % UInt64(next.count + 1)))
                case 3 where !next.isEmpty:
                    let index = Int(random.next() % UInt64(next.count))
                    next[index].title = "s\(step)"
                default:
                    next.shuffle(using: &random)
                }
            }
            let changes = Changeset(from: current, to: next)
            XCTAssertEqual(changes.apply(to: current), next, "step \(step)")
            current = next
        }
    }
}

/// The append path a load-more takes: the same changes as the diff, without diffing.
final class ChangesetAppendTests: XCTestCase {
    func testAppendingEqualsTheDiffOfTheLongerList() {
        let old = (0..<30).map { FeedItem(id: "\($0)", title: "row \($0)", imageURL: "stub://\($0)") }
        let page = (30..<40).map { FeedItem(id: "\($0)", title: "row \($0)", imageURL: "stub://\($0)") }
        var list = PagedList(old)
        list.append(contentsOf: page)
        let appended = Changeset(appendingTo: old.count, in: list)
        XCTAssertEqual(appended, Changeset(from: old, to: old + page))
        XCTAssertEqual(appended.apply(to: old), old + page)
        XCTAssertEqual(appended.size, 10)
    }
}

import Dispatch
@testable import FeedModel
import XCTest

/// The feed's item list: copies share pages, and appending never copies the list.
final class PagedListTests: XCTestCase {
    func testAListBuiltInOneGoIsOnePageOfItsElements() {
        let list = PagedList(0..<100)
        XCTAssertEqual(Array(list), Array(0..<100))
        XCTAssertEqual(list.pageCount, 1)
        XCTAssertEqual(list[57], 57)
    }

    func testAppendingToTheNewestCopyLeavesTheOlderCopyAsItWasAndSharesItsElements() {
        var newer = PagedList(0..<20)
        let older = newer
        newer.append(contentsOf: 20..<40)
        XCTAssertEqual(Array(older), Array(0..<20))
        XCTAssertEqual(Array(newer), Array(0..<40))
        XCTAssertTrue(newer.sharesElements(with: older))
    }

    func testFiveHundredPagesShareEveryElementWithThePreviousSnapshot() {
        var list = PagedList<Int>()
        var snapshots: [PagedList<Int>] = []
        for page in 0..<500 {
            list.append(contentsOf: page * 20..<(page + 1) * 20)
            snapshots.append(list)  // kept, as the replayed SectionsUpdate keeps it
        }
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) {
            XCTAssertTrue(next.sharesElements(with: previous), "page \(next.count / 20) copied the list")
        }
        XCTAssertTrue(list.sharesElements(with: snapshots[40]), "across sealed blocks too")
        XCTAssertEqual(Array(list), Array(0..<10_000))
        XCTAssertEqual(list.pageCount, 500)
        XCTAssertEqual(snapshots[249][4_999], 4_999)
        XCTAssertEqual((0..<10_000).map { list[$0] }, Array(0..<10_000), "every index, in sealed and open pages")
    }

    func testAppendingToAnOlderCopyLeavesTheNewerCopyAloneAndSharesTheirCommonPages() {
        var first = PagedList(0..<10)
        first.append(contentsOf: 10..<15)
        let common = first
        var branch = first
        first.append(contentsOf: 15..<18)
        branch.append(contentsOf: [-1, -2])
        XCTAssertEqual(Array(first), Array(0..<18))
        XCTAssertEqual(Array(branch), Array(0..<15) + [-1, -2])
        XCTAssertFalse(branch.sharesElements(with: first))
        XCTAssertTrue(branch.sharesElements(with: common) && first.sharesElements(with: common))
        XCTAssertFalse(first.sharesElements(with: PagedList(0..<18)))  // equal, but other storage
        XCTAssertEqual(branch.count, 17)
    }

    func testCopiesAppendingAtOnceOnManyThreadsEachKeepTheirOwnElements() {
        var growing = PagedList(0..<1_000)
        growing.append(1_000)
        let base = growing  // every worker appends to its own copy of this one
        let results = (0..<16).map { _ in Box() }
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            var mine = base
            var sum = 0
            for step in 0..<50 {
                mine.append(contentsOf: [worker * 1_000 + step, -worker])
                sum += base.reduce(0, +)  // read while other workers append to copies
            }
            XCTAssertEqual(sum, 50 * (0...1_000).reduce(0, +))
            results[worker].list = mine
        }
        for (worker, box) in results.enumerated() {
            let expected = Array(0...1_000) + (0..<50).flatMap { [worker * 1_000 + $0, -worker] }
            XCTAssertEqual(box.list.map(Array.init), expected, "worker \(worker)")
        }
        XCTAssertEqual(Array(base), Array(0...1_000))
    }

    func testElementsAreReleasedWithTheLastCopy() {
        let tracker = Tracker()
        do {
            var list = PagedList<Tracked>()
            for _ in 0..<30 { list.append(Tracked(tracker)) }
            var branch = list
            list.append(contentsOf: (0..<5).map { _ in Tracked(tracker) })
            branch.append(Tracked(tracker))
            XCTAssertEqual(tracker.alive, 36)
        }
        XCTAssertEqual(tracker.alive, 0)
    }

    func testEqualityComparesElementsWhateverThePages() {
        var pieces = PagedList([1, 2])
        pieces.append(contentsOf: [3, 4, 5])
        XCTAssertEqual(pieces, [1, 2, 3, 4, 5])
        XCTAssertNotEqual(pieces, [1, 2, 3, 4])
        XCTAssertEqual(pieces.description, "[1, 2, 3, 4, 5]")
    }
}

private final class Box: @unchecked Sendable {
    // Safety: each worker writes only its own box; the test reads after concurrentPerform returns.
    var list: PagedList<Int>?
}

private final class Tracker: @unchecked Sendable {
    // Safety: used from the test's thread only.
    var alive = 0
}

private final class Tracked: Sendable {
    private let tracker: Tracker
    init(_ tracker: Tracker) {
        self.tracker = tracker
        tracker.alive += 1
    }
    deinit { tracker.alive -= 1 }
}

@testable import Feed
import FeedModel
import JSON
import Locking
import Reactive
import XCTest

/// Items without an image (articles without a cover, text posts) are kept and never loaded.
final class FeedViewModelNoImageTests: XCTestCase {
    /// A loaded list whose item 0 has an image and item 1 has none.
    private func harness() -> FeedHarness {
        let harness = FeedHarness()
        harness.override.withLock {
            $0 = { _ in
                ["code": 0, "msg": "ok", "data": ["total": 2, "list": [
                    ["id": "a", "title": "with a cover", "imageURL": "stub://images/all/1.png?w=8&h=8"],
                    ["id": "b", "title": "text only", "imageURL": nil],
                ]]]
            }
        }
        harness.request(reload: true)
        harness.run()
        harness.clearLog()
        return harness
    }

    func testAnItemWithoutAnImageIsKeptWithoutImageURL() {
        let harness = harness()
        XCTAssertEqual(harness.items.map(\.id), ["a", "b"])
        XCTAssertNil(harness.items[1].imageURL)
    }

    func testWillDisplayStartsNoImageLoadForIt() {
        let harness = harness()
        let outcome = Locked<DisplayOutcome?>(nil)
        _ = harness.viewModel.willDisplay(index: 1).subscribe { result in outcome.withLock { $0 = try? result.get() } }
        harness.run()
        XCTAssertEqual(outcome.current, DisplayOutcome(startedLoadMore: false, startedImage: false))
        XCTAssertEqual(harness.entries, [])
        XCTAssertEqual(harness.imageLoader.activeDownloads, 0)
    }

    func testLoadImageReportsANullImageThenFailsWithNoImage() {
        let harness = harness()
        let box = Locked<FeedError?>(nil)
        _ = harness.viewModel.loadImage(index: 1).subscribe { result in
            box.withLock { if case .failure(let error) = result { $0 = error as? FeedError } }
            harness.log.withLock { $0.append(.result("image")) }
        }
        harness.run()
        XCTAssertEqual(harness.entries, [.image(index: 1, ok: false), .result("image")])
        XCTAssertEqual(box.current, .noImage(index: 1))
    }
}

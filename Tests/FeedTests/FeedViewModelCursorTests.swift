@testable import Feed
import FeedModel
import Images
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// The view model knows its source only as a `FeedSource`: it hands each load-more the cursor
/// the previous page gave and the cursors of the pages before it in this list, so a source can
/// end a list whose next cursor names a page already loaded.
final class FeedViewModelCursorTests: XCTestCase {
    /// A source that answers every page at once with one item and the cursor `c<index + 1>`.
    private struct RecordingSource: FeedSource {
        let requests: Locked<[PageRequest]>

        func page(_ request: PageRequest) -> Single<FeedPage> {
            requests.withLock { $0.append(request) }
            let item = FeedItem(id: "\(request.category)-\(request.index)", title: "", imageURL: nil)
            return .just(FeedPage(items: [item], hasMore: true, nextCursor: "c\(request.index + 1)"))
        }
    }

    func testEachLoadMoreCarriesTheCursorsOfThePagesBeforeIt() {
        let scheduler = TestScheduler()
        let requests = Locked<[PageRequest]>([])
        let loader = ImageLoader(diskCache: nil, transport: StubTransport { _ in .never })
        let environment = FeedEnvironment(scheduler: scheduler, makeSource: { _ in RecordingSource(requests: requests) }, imageLoader: loader)
        let viewModel = FeedViewModel(input: FeedInput(), environment: environment)
        for (time, reload) in [(100, true), (200, false), (300, false), (400, true), (500, false)] {
            scheduler.scheduleAt(TestTime(time)) { _ = viewModel.request(reload: reload).subscribe { _ in } }
        }
        scheduler.start()
        XCTAssertEqual(requests.current.map(\.cursor), [nil, "c1", "c2", nil, "c1"])
        XCTAssertEqual(requests.current.map(\.loadedCursors), [[], [], ["c1"], [], []], "a reload starts a new list")
        scheduler.scheduleAt(600) { _ = viewModel.updateInput(merging: JSONObject([("category", "iOS")])).subscribe { _ in } }
        scheduler.scheduleAt(700) { _ = viewModel.request(reload: true).subscribe { _ in } }
        scheduler.scheduleAt(800) { _ = viewModel.request(reload: false).subscribe { _ in } }
        scheduler.start()
        XCTAssertEqual(requests.current.suffix(2).map(\.loadedCursors), [[], []], "an input switch too")
        XCTAssertEqual(requests.current.last?.cursor, "c1")
    }
}

import Feed
import FeedModel
import FeedSources
import Images
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// The stub source answers from its catalog: the pages an envelope API serving the catalog
/// gives, with no body written or parsed, in one hop onto the session's scheduler.
final class StubFeedSourceTests: XCTestCase {
    private func page(_ source: some FeedSource, _ request: PageRequest) throws -> FeedPage {
        let box = Locked<Result<FeedPage, any Error>?>(nil)
        _ = source.page(request).subscribe { result in box.withLock { $0 = result } }
        return try XCTUnwrap(box.current, "answered during the subscription").get()
    }

    func testThePagesAreTheOnesTheEnvelopeMappingReadsFromTheCatalog() throws {
        let catalog = StubCatalog(total: 23)
        let stub = StubFeedSource(catalog: catalog, scheduler: TestScheduler())
        for (category, pageSize) in [("all", 10), ("iOS", 7), ("welfare", 23), ("Android", 30)] {
            for index in 0..<5 {
                let request = PageRequest(index: index, pageSize: pageSize, category: category)
                let envelope = try SourceConfig.stub.page(
                    body: catalog.envelopeBody(for: request), statusCode: 200, headers: [:], request: request, url: StubCatalog.baseURL)
                XCTAssertEqual(try page(stub, request), envelope, "\(category), pages of \(pageSize), page \(index)")
            }
        }
    }

    func testADelayedPageArrivesAfterTheDelayAndNotAfterADispose() {
        let scheduler = TestScheduler(resolution: 0.001)
        let stub = StubFeedSource(catalog: StubCatalog(), delay: 0.3, scheduler: scheduler)
        let answered = Locked<[Int]>([])
        _ = stub.page(PageRequest(index: 0, pageSize: 10, category: "all")).subscribe { result in
            answered.withLock { $0.append((try? result.get())?.items.count ?? -1) }
        }
        stub.page(PageRequest(index: 1, pageSize: 10, category: "all")).subscribe { _ in answered.withLock { $0.append(-2) } }.dispose()
        scheduler.advanceTo(299)
        XCTAssertEqual(answered.current, [], "still waiting for the delay")
        scheduler.start()
        XCTAssertEqual(answered.current, [10])
    }

    func testAReloadAndALoadMoreOfTheStubEachHopOntoTheSessionSchedulerOnce() throws {
        let scheduler = CountingScheduler(TestScheduler())
        let loader = ImageLoader(diskCache: nil, transport: SchemeRoutingTransport(live: StubTransport { _ in .never }))
        let viewModel = FeedViewModel(input: .stub(), environment: .live(scheduler: scheduler, imageLoader: loader))
        let output = viewModel.transform(input: .init())
        let bag = DisposeBag()
        output.sectionsUpdates.subscribe(onNext: { _ in }).disposed(by: bag)  // as a service listens
        output.refreshStatus.subscribe(onNext: { _ in }).disposed(by: bag)
        for (reload, count) in [(true, 10), (false, 20)] {
            let box = Locked<Result<PageLoadResult, any Error>?>(nil)
            let hopsBefore = scheduler.hops.current
            _ = viewModel.request(reload: reload).subscribe { result in box.withLock { $0 = result } }
            scheduler.base.start()
            XCTAssertEqual(try XCTUnwrap(box.current).get().count, count)
            XCTAssertEqual(scheduler.hops.current - hopsBefore, 1, reload ? "reload" : "load-more")
        }
    }
}

/// A scheduler that counts the actions put on it: the hops onto a session's queue.
private final class CountingScheduler: SchedulerType {
    let base: TestScheduler
    let hops = Locked(0)

    init(_ base: TestScheduler) { self.base = base }

    var now: RxTimeInterval { base.now }

    func schedule(_ action: @escaping @Sendable () -> Void) -> Disposable {
        hops.withLock { $0 += 1 }
        return base.schedule(action)
    }

    func scheduleRelative(_ dueTime: RxTimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
        hops.withLock { $0 += 1 }
        return base.scheduleRelative(dueTime, action)
    }
}

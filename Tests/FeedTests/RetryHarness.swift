@testable import Feed
import FeedModel
import Foundation
import Images
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting

/// A view model over a scripted source in virtual time, one tick a millisecond, without the
/// simulated processing delay: a page is answered `latency` ticks after it is asked for, and a
/// retry's wait of `d` seconds is `d × 1000` ticks (rounded up).
final class RetryHarness: @unchecked Sendable {
    // Safety: used from the test's thread only; the TestScheduler runs on that same thread.

    /// Answers pages in turn from `script`, then full pages of ids `p<index>-<n>` whose
    /// `hasMore` is true until page `lastPage`.
    struct ScriptedSource: FeedSource {
        let scheduler: TestScheduler
        let latency: Double
        let lastPage: Int
        let script: Locked<[Result<FeedPage, FeedError>]>
        let requests: Locked<[(tick: Int, request: PageRequest)]>

        func page(_ request: PageRequest) -> Single<FeedPage> {
            let (scheduler, latency, lastPage, script, requests) = (scheduler, latency, lastPage, script, requests)
            return Single.create { observer in
                requests.withLock { $0.append((scheduler.clock, request)) }
                let answer = script.withLock { $0.isEmpty ? nil : $0.removeFirst() } ?? .success(FeedPage(
                    items: (0..<request.pageSize).map { FeedItem(id: "p\(request.index)-\($0)", title: "", imageURL: "https://img.test/p\(request.index)-\($0).png") },
                    hasMore: request.index < lastPage, nextCursor: "after-\(request.index)",
                    endReason: request.index < lastPage ? nil : .shortPage))
                return scheduler.scheduleRelative(latency) { observer(answer.mapError { $0 }) }
            }
        }
    }

    let scheduler = TestScheduler(resolution: 0.001, simulateProcessingDelay: false)
    let script = Locked<[Result<FeedPage, FeedError>]>([])
    let requests = Locked<[(tick: Int, request: PageRequest)]>([])
    let updates = Locked<[(tick: Int, update: RefreshUpdate)]>([])
    let huds = Locked<[HUDMessage]>([])
    let viewModel: FeedViewModel
    /// The wall clock the view model reads: 1,700,000,000 s plus the virtual time.
    let wallClockBase = 1_700_000_000.0
    private let bag = DisposeBag()

    init(input: JSON = [:], seed: UInt64 = 7, latency: Double = 0.01, lastPage: Int = 9, requestTimeout: Double = 12,
         imageLoader: (any ImageRetrieving)? = nil) {
        let source = ScriptedSource(scheduler: scheduler, latency: latency, lastPage: lastPage, script: script, requests: requests)
        let scheduler = self.scheduler
        let base = wallClockBase
        let environment = FeedEnvironment(
            scheduler: scheduler, makeSource: { _ in source },
            imageLoader: imageLoader ?? ImageLoader(diskCache: nil, transport: StubTransport { _ in .response(statusCode: 404, body: Data()) }),
            jitter: .seeded(seed), wallClock: { base + scheduler.now }, requestTimeout: requestTimeout)
        viewModel = FeedViewModel(input: try! FeedInput(json: input), environment: environment)
        let output = viewModel.transform(input: .init())
        let updates = self.updates
        output.refreshUpdates.skip(1).subscribe(onNext: { update in updates.withLock { $0.append((scheduler.clock, update)) } }).disposed(by: bag)
        let huds = self.huds
        output.hud.subscribe(onNext: { hud in huds.withLock { $0.append(hud) } }).disposed(by: bag)
    }

    /// Sends a command; the box fills in when it completes.
    @discardableResult
    func request(reload: Bool) -> Locked<Result<PageLoadResult, FeedError>?> {
        let box = Locked<Result<PageLoadResult, FeedError>?>(nil)
        _ = viewModel.request(reload: reload).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        return box
    }

    /// `retry()`; the box fills in when it completes.
    func retry() -> Locked<Result<PageLoadResult?, FeedError>?> {
        let box = Locked<Result<PageLoadResult?, FeedError>?>(nil)
        _ = viewModel.retry().subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        return box
    }

    /// Answers the next pages with these outcomes, in turn.
    func answer(_ outcomes: Result<FeedPage, FeedError>...) { script.withLock { $0 += outcomes } }

    func run() { scheduler.start() }
    func clear() {
        updates.withLock { $0.removeAll() }
        requests.withLock { $0.removeAll() }
        huds.withLock { $0.removeAll() }
    }

    var appendStates: [LoadState] { updates.current.map(\.update.loads.append) }
    var refreshStates: [LoadState] { updates.current.map(\.update.loads.refresh) }
    var statuses: [RefreshStatus] { updates.current.filter { $0.update.retryOf == nil }.map(\.update.status) }
    var requestTicks: [Int] { requests.current.map(\.tick) }
    var loads: LoadStates { viewModel.currentRefreshUpdate.loads }
}

extension FeedError {
    /// An HTTP failure with `status`, as a source reports it.
    static func http(_ status: Int, retryAfter: RetryAfter? = nil) -> FeedError {
        .server(message: "HTTP \(status)", status: status, url: "https://api.test/feed", retryAfter: retryAfter)
    }
}

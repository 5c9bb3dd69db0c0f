@testable import Feed
import FeedModel
import Foundation
import Images
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting

/// A store in memory that keeps the `FeedStore` contract: whole pages of one reload per feed.
final class MemoryFeedStore: FeedStore {
    struct Feed {
        var list: StoredList?
        var edits = LocalEdits()
    }

    let feeds = Locked<[FeedKey: Feed]>([:])
    let writes = Locked<[String]>([])

    func storedFeed(_ key: FeedKey) -> StoredFeed? {
        feeds.withLock { feeds in feeds[key].map { StoredFeed(list: $0.list, edits: $0.edits) } }
    }

    func storeReload(_ key: FeedKey, items: [FeedItem], continuation: FeedContinuation, storedAt: Int64) -> Int64? {
        writes.withLock { $0.append("reload \(items.count)") }
        let generation = Int64.random(in: 1...Int64.max)
        feeds.withLock { $0[key, default: Feed()].list = StoredList(items: items, continuation: continuation, storedAt: storedAt, generation: generation) }
        return generation
    }

    func storePage(_ key: FeedKey, generation: Int64, page: Int, items: [FeedItem], continuation: FeedContinuation) -> Bool {
        feeds.withLock { feeds in
            guard var list = feeds[key]?.list, list.generation == generation, list.continuation.nextPage == page else { return false }
            list.items += items
            list.continuation = continuation
            feeds[key]?.list = list
            writes.withLock { $0.append("page \(page) \(items.count)") }
            return true
        }
    }

    func storeHidden(_ key: FeedKey, id: String) { feeds.withLock { _ = $0[key, default: Feed()].edits.hidden.insert(id) } }

    func storePatch(_ key: FeedKey, id: String, fields: JSONObject) { feeds.withLock { $0[key, default: Feed()].edits.patch(id, with: fields) } }
}

/// A server whose list a test changes at will, paged by index, answering after `delay` ticks.
final class ScriptedSource: FeedSource {
    let items: Locked<[FeedItem]>
    let failing = Locked(false)
    let requests = Locked<[Int]>([])
    let scheduler: TestScheduler
    let delay: Double

    init(items: [FeedItem], scheduler: TestScheduler, delay: Double = 10) {
        self.items = Locked(items)
        self.scheduler = scheduler
        self.delay = delay
    }

    func page(_ request: PageRequest) -> Single<FeedPage> {
        Single.create { [self] observer in
            requests.withLock { $0.append(request.index) }
            let failing = failing.current
            let all = items.current
            return scheduler.scheduleRelative(delay) {
                guard !failing else { return observer(.failure(FeedError.transport(message: "offline", url: nil))) }
                let start = min(request.index * request.pageSize, all.count)
                let end = min(start + request.pageSize, all.count)
                observer(.success(FeedPage(items: Array(all[start..<end]), hasMore: end < all.count)))
            }
        }
    }
}

/// A view model over a `ScriptedSource` and a store, in virtual time, recording what it emits.
final class LivingFeedHarness: @unchecked Sendable {
    // Safety: used from the test's thread only; the view model runs on the TestScheduler,
    // which runs on that same thread.
    let scheduler = TestScheduler()
    let source: ScriptedSource
    let store: MemoryFeedStore?
    let clock = Locked<Int64>(1_700_000_000_000)
    let input: FeedInput
    private(set) var viewModel: FeedViewModel!
    let updates = Locked<[SectionsUpdate]>([])
    let announcements = Locked<[NewItems]>([])
    let statuses = Locked<[RefreshStatus]>([])
    let huds = Locked<[HUDMessage]>([])
    private var bag = DisposeBag()

    init(items: [FeedItem], store: MemoryFeedStore? = MemoryFeedStore(), input: JSON = ["pageSize": 10, "hud": true]) throws {
        source = ScriptedSource(items: items, scheduler: scheduler)
        self.store = store
        self.input = try FeedInput(json: input)
        open()
    }

    /// Opens a new session (as a new process would), subscribed to its outputs.
    func open() {
        bag = DisposeBag()
        updates.withLock { $0 = [] }
        announcements.withLock { $0 = [] }
        statuses.withLock { $0 = [] }
        huds.withLock { $0 = [] }
        let source = source
        let clock = clock
        var environment = FeedEnvironment(
            scheduler: scheduler, makeSource: { _ in source },
            imageLoader: ImageLoader(diskCache: nil, transport: StubTransport(scheduler: scheduler) { _ in .response(statusCode: 404, body: Data()) }))
        environment.store = store
        environment.wallClock = { Double(clock.current) / 1000 }
        viewModel = FeedViewModel(input: input, environment: environment)
        let output = viewModel.transform(input: .init())
        let (updates, announcements, statuses, huds) = (updates, announcements, statuses, huds)
        output.sectionsUpdates.skip(1).subscribe(onNext: { update in updates.withLock { $0.append(update) } }).disposed(by: bag)
        output.newItems.subscribe(onNext: { items in announcements.withLock { $0.append(items) } }).disposed(by: bag)
        output.refreshStatus.subscribe(onNext: { status in statuses.withLock { $0.append(status) } }).disposed(by: bag)
        output.hud.subscribe(onNext: { message in huds.withLock { $0.append(message) } }).disposed(by: bag)
    }

    /// The outcome of `single`, after running the scheduler until it arrives.
    @discardableResult
    func run<Value: Sendable>(_ single: Single<Value>) throws -> Value {
        let outcome = Locked<SingleEvent<Value>?>(nil)
        _ = single.subscribe { event in outcome.withLock { $0 = event } }
        var rounds = 0
        while outcome.current == nil && rounds < 1000 {
            scheduler.advanceTo(scheduler.clock + 1)
            rounds += 1
        }
        guard let event = outcome.current else { throw FeedError.cancelled(.disposed) }
        return try event.get()
    }

    /// Runs the scheduler for `ticks`.
    func advance(_ ticks: Int = 50) { scheduler.advanceTo(scheduler.clock + ticks) }

    /// The current list's ids.
    var ids: [String] { viewModel.currentSections.sections[0].items.map(\.id) }

    /// The latest update sent.
    var lastUpdate: SectionsUpdate? { updates.current.last }
}

/// Items `item-n` for `range`, titled `title n`.
func feedItems(_ range: Range<Int>, title: String = "Item") -> [FeedItem] {
    range.map { FeedItem(id: "item-\($0)", title: "\(title) \($0)", imageURL: nil) }
}

/// The members of the object `json` is (a literal in the tests).
func members(_ json: JSON) -> JSONObject { json.objectValue ?? JSONObject() }

import FeedModel
@testable import FeedSources
import Foundation
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// Lists of ids and one request per item (Hacker News, The Met): bounded concurrency, list
/// order, and a failed detail that drops its item with a warning rather than the page.
final class DetailRequestTests: XCTestCase {
    private let hackerNews: JSON = [
        "url": "{baseURL}v0/topstories.json", "paging": "none",
        "detail": ["url": "{baseURL}v0/item/{@}.json", "concurrency": 3],
        "fields": ["id": "id", "title": "title", "author": "by", "extra": ["score": "score", "link": "url"]],
    ]

    /// A transport on virtual time: the list at once, each item after `delay(id)` seconds; it
    /// counts the requests in flight.
    private final class ItemServer: HTTPTransport {
        private struct Counts {
            var inFlight = 0
            var mostInFlight = 0
            var sent: [String] = []
        }

        let scheduler: TestScheduler
        private let counts = Locked(Counts())
        let ids: [Int]
        let failing: Set<Int>
        let delay: @Sendable (Int) -> Double

        init(scheduler: TestScheduler, ids: [Int], failing: Set<Int> = [], delay: @escaping @Sendable (Int) -> Double) {
            (self.scheduler, self.ids, self.failing, self.delay) = (scheduler, ids, failing, delay)
        }

        var inFlight: Int { counts.current.inFlight }
        var mostInFlight: Int { counts.current.mostInFlight }
        var sent: [String] { counts.current.sent }

        func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
            let path = request.url.path
            counts.withLock { $0.sent.append(path) }
            guard path.hasPrefix("/v0/item/"), let id = Int(path.dropFirst("/v0/item/".count).dropLast(".json".count)) else {
                completion(.success((HTTPResponse(statusCode: 200), Data(JSON.array(ids.map { .int(Int64($0)) }).serialized()))))
                return Disposables.create()
            }
            counts.withLock { counts in
                counts.inFlight += 1
                counts.mostInFlight = max(counts.mostInFlight, counts.inFlight)
            }
            let failing = failing.contains(id)
            let counts = self.counts
            let open = Locked(true)
            let close: @Sendable () -> Bool = { open.withLock { was in defer { was = false }; return was } }
            let done = scheduler.scheduleRelative(delay(id)) {
                guard close() else { return }
                counts.withLock { $0.inFlight -= 1 }
                let body: JSON = ["id": .int(Int64(id)), "title": .string("Story \(id)"), "by": "pg", "score": .int(Int64(id % 7)), "url": "https://example.test/"]
                completion(.success((HTTPResponse(statusCode: failing ? 500 : 200), Data((failing ? ["error": "boom"] : body).serialized()))))
            }
            return Disposables.create {
                done.dispose()
                guard close() else { return }
                counts.withLock { $0.inFlight -= 1 }
                completion(.failure(.cancelled(request)))
            }
        }
    }

    private func source(_ server: ItemServer, _ custom: JSON? = nil) throws -> ProviderFeedSource {
        ProviderFeedSource(config: try SourceConfig(json: custom ?? hackerNews, field: "input.custom"), context: .init(baseURL: "https://hn.test"),
                           provider: Provider(callbackScheduler: server.scheduler, transport: server))
    }

    private func load(_ source: ProviderFeedSource, _ request: PageRequest, on scheduler: TestScheduler) -> Result<FeedPage, FeedError>? {
        let box = Locked<Result<FeedPage, FeedError>?>(nil)
        let subscription = source.page(request).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        scheduler.start()
        subscription.dispose()
        return box.current
    }

    func testDetailsComeAtMostConcurrencyAtATimeAndKeepTheListsOrder() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        // Later items answer first.
        let server = ItemServer(scheduler: scheduler, ids: Array(101...130)) { id in Double(130 - id) / 100 }
        let page = try XCTUnwrap(load(try source(server), PageRequest(index: 0, pageSize: 10, category: "all"), on: scheduler)).get()
        XCTAssertEqual(page.items.map(\.id), (101...110).map(String.init), "list order, whatever order the answers came in")
        XCTAssertEqual(server.mostInFlight, 3)
        XCTAssertEqual(server.sent.count, 11, "the list and this page's ten items only")
        XCTAssertEqual(page.items.first?.extra?["extra"], ["score": 3, "link": "https://example.test/"])
        XCTAssertTrue(page.hasMore)
    }

    func testTheWholeListIsAskedForOnceAndShownAPageAtATime() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let server = ItemServer(scheduler: scheduler, ids: Array(1...25)) { _ in 0.01 }
        let source = try self.source(server)
        var ids: [String] = []
        var request = PageRequest(index: 0, pageSize: 10, category: "all")
        while true {
            let page = try XCTUnwrap(load(source, request, on: scheduler)).get()
            ids += page.items.map(\.id)
            guard page.hasMore else {
                XCTAssertEqual(page.endReason, .totalReached)
                break
            }
            request.index += 1
        }
        XCTAssertEqual(ids, (1...25).map(String.init))
        XCTAssertEqual(server.sent.filter { $0 == "/v0/topstories.json" }.count, 1)
        XCTAssertEqual(server.sent.count, 26)
    }

    func testAFailedDetailDropsItsItemWithAWarningNotThePage() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let server = ItemServer(scheduler: scheduler, ids: [1, 2, 3, 4], failing: [2]) { _ in 0.01 }
        let page = try XCTUnwrap(load(try source(server), PageRequest(index: 0, pageSize: 10, category: "all"), on: scheduler)).get()
        XCTAssertEqual(page.items.map(\.id), ["1", "3", "4"])
        XCTAssertEqual(page.warnings, ["Item 2 (2) of the page was left out: its detail request failed: boom"])
    }

    func testAPageWhoseEveryDetailFailedFailsWithTheFirstFailure() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let server = ItemServer(scheduler: scheduler, ids: [1, 2], failing: [1, 2]) { _ in 0.01 }
        let result = try XCTUnwrap(load(try source(server), PageRequest(index: 0, pageSize: 10, category: "all"), on: scheduler))
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual([failure.message, failure.url], ["boom", "https://hn.test/v0/item/1.json"])
        XCTAssertEqual(failure.status, 500)
    }

    func testDisposingThePageCancelsTheDetailsInFlight() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let server = ItemServer(scheduler: scheduler, ids: Array(1...10)) { _ in 1 }
        let subscription = try source(server).page(PageRequest(index: 0, pageSize: 10, category: "all")).subscribe { _ in XCTFail("no answer after dispose") }
        scheduler.advanceTo(10)
        XCTAssertEqual(server.inFlight, 3)
        subscription.dispose()
        XCTAssertEqual(server.inFlight, 0)
        scheduler.start()
        XCTAssertEqual(server.sent.count, 4, "no detail started after the dispose")
    }

    func testTheDetailURLReadsTheListedValueItsMembersAndTheListsRoot() throws {
        let config = try SourceConfig(json: [
            "url": "https://met.test/public/collection/v1/search?q={category}", "paging": "none", "items": "objectIDs",
            "detail": ["url": "https://met.test/public/collection/v1/objects/{@}", "query": ["total": "{$.total}"]], "fields": ["id": "objectID"],
        ], field: "input.custom")
        let detail = try XCTUnwrap(config.detail)
        let request = PageRequest(index: 0, pageSize: 5, category: "sunflowers")
        XCTAssertEqual(config.detailURL(detail, element: 436_524, root: ["total": 2, "objectIDs": [436_524]], request: request, context: .init(baseURL: "")),
                       "https://met.test/public/collection/v1/objects/436524?total=2")
        XCTAssertNil(config.detailURL(detail, element: 1, root: [:], request: request, context: .init(baseURL: "")), "a missing value makes no URL")
        XCTAssertThrowsError(try SourceConfig(json: ["url": "https://a.test/", "detail": ["url": "https://a.test/{id}"], "fields": ["id": "id"]], field: "input.custom")) { error in
            XCTAssertEqual((error as? FeedInputError)?.field, "input.custom.detail.url", "item values are read with {@…}: {id} is no placeholder")
        }
    }
}

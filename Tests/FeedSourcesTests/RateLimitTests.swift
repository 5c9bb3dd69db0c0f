import FeedModel
@testable import FeedSources
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// A request budget (`rateLimit: {requestsPerSecond, burst}`) shared by a session's page and
/// detail requests, in virtual time.
final class RateLimitTests: XCTestCase {
    func testABurstGoesAtOnceAndTheRestAtTheRate() {
        // Ticks of half a second.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.5, simulateProcessingDelay: false)
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: 2, burst: 3), scheduler: scheduler)
        let ran = Locked<[TestTime]>([])
        for _ in 0..<6 { _ = limiter.acquire { ran.withLock { $0.append(scheduler.clock) } } }
        scheduler.start()
        XCTAssertEqual(ran.current, [0, 0, 0, 1, 2, 3])
    }

    func testAWithdrawnRequestGivesItsTurnToTheNext() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 1, simulateProcessingDelay: false)
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: 1, burst: 1), scheduler: scheduler)
        let ran = Locked<[String]>([])
        _ = limiter.acquire { ran.withLock { $0.append("a@\(scheduler.clock)") } }
        let withdrawn = limiter.acquire { ran.withLock { $0.append("b") } }
        _ = limiter.acquire { ran.withLock { $0.append("c@\(scheduler.clock)") } }
        withdrawn.dispose()
        scheduler.start()
        XCTAssertEqual(ran.current, ["a@0", "c@1"])
    }

    func testPageAndDetailRequestsShareOneBudgetAcrossTheSessionsSources() throws {
        // Ticks of a quarter of a second: one request's worth of a budget of four a second.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.25, simulateProcessingDelay: false)
        let resources = SourceResources()
        let custom: JSON = [
            "url": "{baseURL}ids.json", "paging": "none", "detail": ["url": "{baseURL}item/{@}.json", "concurrency": 4],
            "rateLimit": ["requestsPerSecond": 4, "burst": 2], "fields": ["id": "id"],
        ]
        let times = Locked<[String: TestTime]>([:])
        let route: SourceHarness.Route = { request in
            times.withLock { $0[request.url.path] = scheduler.clock }
            if request.url.path == "/ids.json" { return SourceHarness.json([1, 2, 3, 4, 5]) }
            return SourceHarness.json(["id": .string(String(request.url.path.dropFirst(6).dropLast(5)))])
        }
        let first = try SourceHarness(custom, scheduler: scheduler, resources: resources, route: route)
        let page = Locked<FeedPage?>(nil)
        _ = first.source.page(PageRequest(index: 0, pageSize: 5, category: "all")).subscribe { result in page.withLock { $0 = try? result.get() } }
        scheduler.start()
        XCTAssertEqual(page.current?.items.map(\.id), ["1", "2", "3", "4", "5"])
        XCTAssertEqual(times.current["/ids.json"], 0)
        XCTAssertEqual(["/item/1.json", "/item/2.json", "/item/3.json", "/item/4.json", "/item/5.json"].map { times.current[$0] }, [0, 1, 2, 3, 4],
                       "the burst of 2 is the list and the first item; then 4 a second")
        // A new source of the same session (a category switch) spends the same budget.
        let second = try SourceHarness(custom, scheduler: scheduler, resources: resources, route: route)
        XCTAssertEqual(scheduler.clock, 4, "the last detail has just spent the budget")
        _ = second.source.page(PageRequest(index: 0, pageSize: 1, category: "other")).subscribe { _ in }
        scheduler.start()
        XCTAssertEqual(times.current["/ids.json"], 5, "no fresh burst: its list waits for the next request's worth")
    }

    func testTheBudgetIsChecked() {
        for (limit, message) in [
            (["burst": 2] as JSON, "input.custom.rateLimit.requestsPerSecond: is required"),
            (["requestsPerSecond": 0], "input.custom.rateLimit.requestsPerSecond: must be between 0.001 and 1000.0"),
            (["requestsPerSecond": 1, "burst": 0], "input.custom.rateLimit.burst: must be between 1 and 1000, got 0"),
        ] {
            XCTAssertThrowsError(try SourceConfig(json: ["url": "https://a.test/", "rateLimit": limit, "fields": ["id": "id"]], field: "input.custom")) { error in
                XCTAssertEqual((error as? FeedInputError)?.description, message)
            }
        }
    }
}

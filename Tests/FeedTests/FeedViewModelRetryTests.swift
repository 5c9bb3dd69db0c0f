@testable import Feed
import FeedModel
import JSON
import Locking
import XCTest

/// Automatic retries, `retry()`, the load states and the end reasons, in virtual time (one tick
/// a millisecond; pages answer 10 ticks after they are asked for).
final class FeedViewModelRetryTests: XCTestCase {
    private func reloaded(_ harness: RetryHarness) -> RetryHarness {
        harness.request(reload: true)
        harness.run()
        harness.clear()
        return harness
    }

    func testALoadMoreSucceedsAfterTwo503sWithThreeRequestsForTheSamePage() throws {
        let harness = reloaded(RetryHarness(seed: 3))
        harness.answer(.failure(.http(503)), .failure(.http(503)))
        let more = harness.request(reload: false)
        harness.run()
        // The waits the seeded jitter draws: within 0...250 ms, then 0...500 ms.
        let jitter = Jitter.seeded(3)
        let waits = [jitter.draw(upTo: 0.25), jitter.draw(upTo: 0.5)].map { Int(($0 * 1000).rounded(.up)) }
        XCTAssertEqual(harness.requestTicks, [harness.requestTicks[0], harness.requestTicks[0] + 10 + waits[0], harness.requestTicks[0] + 20 + waits[0] + waits[1]])
        XCTAssertEqual(harness.requests.current.map(\.request), Array(repeating: harness.requests.current[0].request, count: 3))
        XCTAssertEqual(harness.requests.current[0].request.index, 1)
        let result = try XCTUnwrap(more.current).get()
        XCTAssertEqual(result.count, 20, "the page is appended once")
        XCTAssertEqual(result.page, 2)
        XCTAssertEqual(result.attempts, 3)
        XCTAssertEqual(Set(harness.viewModel.currentSections.sections[0].items.map(\.id)).count, 20)
        // Each attempt and each wait is visible, and the footer spins once throughout.
        XCTAssertEqual(harness.appendStates.map(approximately), [
            .loading(attempt: 1),
            .loading(attempt: 2, retry: RetryWait(delay: Double(waits[0]) / 1000, lastError: .http(503))), .loading(attempt: 2),
            .loading(attempt: 3, retry: RetryWait(delay: Double(waits[1]) / 1000, lastError: .http(503))), .loading(attempt: 3),
            .idle, .idle,
        ])
        XCTAssertEqual(harness.statuses, [.beingFooterRefresh, .endFooterRefresh, .footerStatus(isHidden: false, isNoMoreData: false)])
        XCTAssertEqual(harness.updates.current.compactMap(\.update.retryOf), [.append, .append, .append, .append])
    }

    /// Waits compared to the millisecond: the jitter draws fractions of one.
    private func approximately(_ state: LoadState) -> LoadState {
        guard case .loading(let attempt, let retry?) = state else { return state }
        return .loading(attempt: attempt, retry: RetryWait(delay: (retry.delay * 1000).rounded(.up) / 1000, lastError: retry.lastError))
    }

    func testA429WaitsItsRetryAfter() throws {
        let harness = reloaded(RetryHarness())
        harness.answer(.failure(.http(429, retryAfter: .seconds(1))))
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requestTicks[1] - harness.requestTicks[0], 10 + 1000)
    }

    func testARetryAfterDateIsWaitedFromTheWallClock() throws {
        let harness = reloaded(RetryHarness())
        let now = harness.wallClockBase + harness.scheduler.now
        harness.answer(.failure(.http(503, retryAfter: .date(now + 0.01 + 2))))
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requestTicks[1] - harness.requestTicks[0], 10 + 2000)
    }

    func testARetryAfterLongerThanTheRequestDeadlineWaitsTheDeadline() throws {
        let harness = reloaded(RetryHarness(requestTimeout: 3))
        harness.answer(.failure(.http(503, retryAfter: .seconds(3600))))
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requestTicks[1] - harness.requestTicks[0], 10 + 3000)
    }

    func testA404IsNotRetriedAndEndsInANonRetryableErrorThatRetryAsksForAgain() throws {
        let harness = reloaded(RetryHarness())
        harness.request(reload: false)
        harness.run()
        harness.clear()
        harness.answer(.failure(.http(404)))
        let failed = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(failed.current.map { if case .failure(.server(_, 404?, _, _)) = $0 { true } else { false } }, true)
        XCTAssertEqual(harness.requests.current.count, 1)
        XCTAssertEqual(harness.loads.append, .error(LoadFailure(error: .http(404), retryable: false, attempts: 1)))
        XCTAssertEqual(harness.statuses, [.beingFooterRefresh, .endFooterRefresh, .footerStatus(isHidden: false, isNoMoreData: false)])
        XCTAssertEqual(harness.huds.current, [HUDMessage(style: .error, message: "HTTP 404")])

        let retried = harness.retry()
        harness.run()
        XCTAssertEqual(harness.requests.current.map(\.request.index), [2, 2], "the same page again")
        XCTAssertEqual(try XCTUnwrap(retried.current).get()?.count, 30)
        XCTAssertEqual(harness.loads.append, .idle)
    }

    func testRetryWithNothingFailedAnswersNilAndLoadsNothing() throws {
        let harness = reloaded(RetryHarness())
        let retried = harness.retry()
        harness.run()
        XCTAssertEqual(try XCTUnwrap(retried.current).get() == nil, true)
        XCTAssertEqual(harness.requests.current.count, 0)
        XCTAssertEqual(harness.updates.current.count, 0)
    }

    func testRetryRunsAFailedReloadAgain() throws {
        let harness = RetryHarness(input: ["retry": false])
        harness.answer(.failure(.http(503)))
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.loads.refresh, .error(LoadFailure(error: .http(503), retryable: true, attempts: 1)))
        harness.clear()
        let retried = harness.retry()
        harness.run()
        XCTAssertEqual(harness.requests.current.map(\.request.index), [0])
        XCTAssertEqual(try XCTUnwrap(retried.current).get()?.page, 1)
        XCTAssertEqual(harness.loads.refresh, .idle)
    }

    func testExhaustedAttemptsEndInARetryableError() throws {
        let harness = reloaded(RetryHarness(input: ["retry": ["maxAttempts": 2]]))
        harness.answer(.failure(.http(503)), .failure(.http(502)))
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requests.current.count, 2)
        XCTAssertEqual(harness.loads.append, .error(LoadFailure(error: .http(502), retryable: true, attempts: 2)))
    }

    func testRetryFalseMakesOneAttempt() throws {
        let harness = reloaded(RetryHarness(input: ["retry": false]))
        harness.answer(.failure(.transport(message: "reset", url: nil, reason: .connectionFailed)))
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.requests.current.count, 1)
        XCTAssertEqual(harness.loads.append, .error(LoadFailure(error: .transport(message: "reset", url: nil, reason: .connectionFailed), retryable: true, attempts: 1)))
    }

    func testAReloadDuringABackoffWaitCancelsIt() throws {
        let harness = reloaded(RetryHarness(input: ["retry": ["baseDelayMs": 5000, "maxDelayMs": 5000]], seed: 1))
        harness.answer(.failure(.http(503)))
        let more = harness.request(reload: false)
        harness.scheduler.advanceTo(harness.scheduler.clock + 11)  // the 503 arrived; waiting
        guard case .loading(2, _?) = harness.loads.append else { return XCTFail("expected a wait, got \(harness.loads.append)") }
        let reloadTick = harness.scheduler.clock
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.requests.current.map(\.request.index), [1, 0], "no request after the reload's")
        XCTAssertEqual(harness.requestTicks.last, reloadTick)
        XCTAssertEqual(more.current.map { if case .failure(.cancelled(.superseded)) = $0 { true } else { false } }, true)
        XCTAssertEqual(harness.loads.append, .idle)
        XCTAssertEqual(harness.statuses.prefix(2), [.beingFooterRefresh, .endFooterRefresh])
    }

    func testDisposingDuringABackoffWaitCancelsIt() throws {
        let harness = reloaded(RetryHarness(input: ["retry": ["baseDelayMs": 5000, "maxDelayMs": 5000]], seed: 1))
        harness.answer(.failure(.http(503)))
        harness.request(reload: false)
        harness.scheduler.advanceTo(harness.scheduler.clock + 11)
        harness.viewModel.dispose()
        harness.run()
        XCTAssertEqual(harness.requests.current.count, 1)
        XCTAssertEqual(harness.statuses.last, .endFooterRefresh)
    }

    func testASuccessfulReloadClearsAnAppendError() throws {
        let harness = reloaded(RetryHarness(input: ["retry": false]))
        harness.answer(.failure(.http(500)))
        harness.request(reload: false)
        harness.run()
        XCTAssertTrue(harness.loads.append.isError)
        harness.answer(.failure(.http(500)))
        harness.request(reload: true)
        harness.run()
        XCTAssertTrue(harness.loads.append.isError, "a failed reload leaves it")
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.loads, LoadStates(refresh: .idle, append: .idle, lastUpdated: harness.wallClockBase + harness.scheduler.now))
    }

    func testAnErrorStaysUntilTheNextLoadOfItsTypeStarts() throws {
        let harness = reloaded(RetryHarness(input: ["retry": false]))
        harness.answer(.failure(.http(500)))
        harness.request(reload: false)
        harness.run()
        harness.clear()
        harness.request(reload: false)
        XCTAssertTrue(harness.loads.append.isError)
        harness.run()
        XCTAssertEqual(harness.appendStates.first, .loading(attempt: 1))
    }

    func testTheEndOfTheListCarriesItsReason() throws {
        let harness = reloaded(RetryHarness(lastPage: 1))
        let last = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(try XCTUnwrap(last.current).get().endReason, .shortPage)
        XCTAssertEqual(harness.loads.append, .endOfList(.shortPage))
        XCTAssertEqual(harness.statuses, [.beingFooterRefresh, .noMoreData, .footerStatus(isHidden: false, isNoMoreData: true)])
        let after = harness.request(reload: false)
        harness.run()
        XCTAssertEqual(try XCTUnwrap(after.current).get().endReason, .shortPage)
    }

    func testMaxPagesEndsTheListWithPageLimit() throws {
        let harness = reloaded(RetryHarness(input: ["maxPages": 2]))
        let more = harness.request(reload: false)
        harness.run()
        let result = try XCTUnwrap(more.current).get()
        XCTAssertEqual(result.hasMore, false)
        XCTAssertEqual(result.endReason, .pageLimit)
        XCTAssertEqual(harness.loads.append, .endOfList(.pageLimit))
    }

    func testAReloadStampsLastUpdatedFromTheWallClock() throws {
        let harness = RetryHarness()
        XCTAssertNil(harness.loads.lastUpdated)
        harness.request(reload: true)
        harness.run()
        XCTAssertEqual(harness.loads.lastUpdated, harness.wallClockBase + 0.01)
        harness.request(reload: false)
        harness.run()
        XCTAssertEqual(harness.loads.lastUpdated, harness.wallClockBase + 0.01, "a load-more leaves it")
    }

    func testWarningsOfAPageReachTheResultAndTheHUD() throws {
        let harness = RetryHarness()
        harness.answer(.success(FeedPage(
            items: [FeedItem(id: "a", title: "", imageURL: nil)], hasMore: false, endReason: .noNextURL,
            warnings: ["nextURL 'nxt' is not in the page; the list ends after page 1"])))
        let reload = harness.request(reload: true)
        harness.run()
        XCTAssertEqual(try XCTUnwrap(reload.current).get().warnings, ["nextURL 'nxt' is not in the page; the list ends after page 1"])
        XCTAssertEqual(harness.huds.current, [.loadSucceeded, .warning("nextURL 'nxt' is not in the page; the list ends after page 1")])
        XCTAssertEqual(harness.huds.current.last?.style, .info)
    }
}

extension LoadStates {
    init(refresh: LoadState, append: LoadState, lastUpdated: Double?) {
        self.init()
        (self.refresh, self.append, self.lastUpdated) = (refresh, append, lastUpdated)
    }
}

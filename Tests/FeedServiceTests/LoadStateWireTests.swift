@testable import Feed
@testable import FeedModel
@testable import FeedService
import JSON
import XCTest

/// The load states, the retry command, end reasons and warnings on the wire (protocol 1.2).
final class LoadStateWireTests: XCTestCase {
    func testEachLoadStateIsFlatWithItsMembers() {
        XCTAssertEqual(LoadState.idle.wireJSON, ["state": "idle"])
        XCTAssertEqual(LoadState.loading(attempt: 1).wireJSON, ["state": "loading", "attempt": 1])
        let wait = RetryWait(delay: 0.1804, lastError: .server(message: "HTTP 503", status: 503, url: "https://a.test/p"))
        XCTAssertEqual(LoadState.loading(attempt: 2, retry: wait).wireJSON, [
            "state": "loading", "attempt": 2, "retryInMs": 180,
            "lastError": ["code": -32002, "message": "HTTP 503", "status": 503, "url": "https://a.test/p"],
        ])
        let failure = LoadFailure(error: .server(message: "Not found", status: 404, url: "https://a.test/p3"), retryable: false, attempts: 1)
        XCTAssertEqual(LoadState.error(failure).wireJSON, [
            "state": "error", "code": -32002, "message": "Not found", "status": 404, "url": "https://a.test/p3",
            "retryable": false, "attempts": 1,
        ])
        let reset = LoadFailure(error: .transport(message: "reset", url: nil, reason: .connectionFailed), retryable: true, attempts: 3)
        XCTAssertEqual(LoadState.error(reset).wireJSON, [
            "state": "error", "code": -32002, "message": "reset", "reason": "connectionFailed", "retryable": true, "attempts": 3,
        ])
        XCTAssertEqual(LoadState.endOfList(.noNextURL).wireJSON, ["state": "endOfList", "reason": "noNextURL"])
        XCTAssertEqual(LoadState.endOfList(nil).wireJSON, ["state": "endOfList"])
    }

    func testAnUpdateCarriesTheStatusTheStatesAndLastUpdatedInMilliseconds() {
        var loads = LoadStates()
        loads.append = .endOfList(.totalReached)
        loads.lastUpdated = 1_700_000_000.1234
        XCTAssertEqual(RefreshUpdate(status: .noMoreData, loads: loads).wireJSON, [
            "status": "noMoreData", "refresh": ["state": "idle"], "append": ["state": "endOfList", "reason": "totalReached"],
            "lastUpdated": 1_700_000_000_123,
        ])
    }

    func testResultsCarryTheEndReasonAttemptsAndWarningsWhenThereAreAny() {
        XCTAssertEqual(PageLoadResult(revision: 1, count: 3, page: 1, hasMore: false, endReason: .noNextURL, attempts: 2, warnings: ["w"]).wireJSON, [
            "revision": 1, "count": 3, "page": 1, "hasMore": false, "endReason": "noNextURL", "attempts": 2, "warnings": ["w"],
        ])
        XCTAssertEqual(RequestCommandRequest.Response.retried(nil).wireJSON, ["retried": false])
        XCTAssertEqual(RequestCommandRequest.Response.retried(PageLoadResult(revision: 2, count: 20, page: 2, hasMore: true)).wireJSON, [
            "revision": 2, "count": 20, "page": 2, "hasMore": true, "retried": true,
        ])
    }

    func testAWarningHUDSaysSo() {
        var object = JSONObject()
        HUDMessage.warning("nextURL 'next' is not in the page").appendWireMembers(to: &object)
        XCTAssertEqual(JSON.object(object), ["style": "info", "message": "nextURL 'next' is not in the page", "warning": true])
    }

    func testRetryWithNothingFailedAnswersRetriedFalse() {
        let harness = FeedServiceHarness()
        let session = JSON.string(harness.makeSession())
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "retry": true]).result, ["retried": false])
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        let retry = harness.call("requestCommand", ["session": session, "retry": true])
        XCTAssertEqual(retry.result, ["retried": false])
        XCTAssertEqual(retry.notifications, [])
        XCTAssertEqual(harness.call("requestCommand", ["session": session]).errorCode, -32602, "reload is required without retry")
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "retry": "yes"]).errorCode, -32602)
    }

    func testDisposeSendsTheEndOfTheLoadInFlightBeforeItsAnswer() {
        let harness = FeedServiceHarness(stubDelay: 5)
        let session = JSON.string(harness.makeSession())
        _ = harness.call("bindRefreshStatus", ["session": session])
        let load = harness.send("requestCommand", ["session": session, "reload": true])
        let dispose = harness.call("dispose", ["session": session])
        XCTAssertEqual(dispose.result, [:])
        XCTAssertEqual(dispose.trace.filter { $0.hasPrefix("refreshStatus") }.suffix(1), ["refreshStatus:endHeaderRefresh"])
        XCTAssertEqual(harness.response(to: load)[keyPath: "error.data.reason"], "disposed")
    }
}

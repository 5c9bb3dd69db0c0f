import JSON
import XCTest

/// The causal order of protocol/README.md, section 8: everything a command causes, then its answer.
final class RefreshOrderTests: XCTestCase {
    private func boundSession(_ harness: FeedServiceHarness, header: Bool = true, footer: Bool = true, total: Int = 25) -> JSON {
        let session = JSON.string(harness.makeSession(["total": .int(Int64(total))]))
        XCTAssertEqual(harness.call("bindRefreshStatus", ["session": session, "header": .bool(header), "footer": .bool(footer)]).result,
                       ["status": "none", "refresh": ["state": "idle"], "append": ["state": "idle"]])
        return session
    }

    /// `params` without `lastUpdated`, after checking that it is milliseconds since 1970 of today's era.
    private func stamped(_ params: JSON?) -> JSON? {
        guard var object = params?.objectValue else { return params }
        XCTAssertGreaterThan(object["lastUpdated"]?.integerValue ?? 0, 1_600_000_000_000)
        object["lastUpdated"] = nil
        return .object(object)
    }

    func testAReloadOfABoundSessionFollowsTheSeedOrder() {
        let harness = FeedServiceHarness()
        let session = boundSession(harness)
        let reload = harness.call("requestCommand", ["session": session, "reload": true])
        XCTAssertEqual(reload.trace, [
            "refreshStatus:beingHeaderRefresh", "sections", "hud", "refreshStatus:endHeaderRefresh", "refreshStatus:footerStatus",
        ])
        XCTAssertEqual(reload.result, ["revision": 1, "count": 10, "page": 1, "hasMore": true])
        XCTAssertEqual(reload.notifications[0]["params"], [
            "session": session, "status": "beingHeaderRefresh", "refresh": ["state": "loading", "attempt": 1], "append": ["state": "idle"],
        ])
        XCTAssertEqual(stamped(reload.notifications[3]["params"]), [
            "session": session, "status": "endHeaderRefresh", "refresh": ["state": "idle"], "append": ["state": "idle"],
        ])
        XCTAssertEqual(stamped(reload.notifications[4]["params"]), [
            "session": session, "status": "footerStatus", "isHidden": false, "isNoMoreData": false,
            "refresh": ["state": "idle"], "append": ["state": "idle"],
        ])
        XCTAssertEqual(reload.notifications[2]["params"], ["session": session, "style": "success", "message": "Load successful"])
        let items = reload.notifications[1][keyPath: "params.sections.0.items"]?.arrayValue ?? []
        XCTAssertEqual(items.count, 10)
        XCTAssertEqual(reload.notifications[1][keyPath: "params.revision"], 1)
    }

    func testLoadingMoreToTheEndEndsWithNoMoreDataThenChangesNothing() {
        let harness = FeedServiceHarness()
        let session = boundSession(harness)
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        let second = harness.call("requestCommand", ["session": session, "reload": false])
        XCTAssertEqual(second.trace, [
            "refreshStatus:beingFooterRefresh", "sections", "hud", "refreshStatus:endFooterRefresh", "refreshStatus:footerStatus",
        ])
        let last = harness.call("requestCommand", ["session": session, "reload": false])
        XCTAssertEqual(last.trace, [
            "refreshStatus:beingFooterRefresh", "sections", "hud", "refreshStatus:noMoreData", "refreshStatus:footerStatus",
        ])
        XCTAssertEqual(last.result, ["revision": 3, "count": 25, "page": 3, "hasMore": false, "endReason": "totalReached"])
        XCTAssertEqual(last.notifications[4][keyPath: "params.isNoMoreData"], true)
        XCTAssertEqual(last.notifications[4][keyPath: "params.append"], ["state": "endOfList", "reason": "totalReached"])

        let afterTheEnd = harness.call("requestCommand", ["session": session, "reload": false])
        XCTAssertEqual(afterTheEnd.notifications, [])
        XCTAssertEqual(afterTheEnd.result, ["revision": 3, "count": 25, "page": 3, "hasMore": false, "endReason": "totalReached"])

        let reload = harness.call("requestCommand", ["session": session, "reload": true])
        XCTAssertEqual(reload.notifications.last?[keyPath: "params.isNoMoreData"], false)
        XCTAssertEqual(reload.result?["count"], 10)
    }

    func testAnUnboundSessionGetsNoRefreshStatus() {
        let harness = FeedServiceHarness()
        let session = JSON.string(harness.makeSession())
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "reload": true]).trace, ["sections", "hud"])
    }

    func testAHeaderOnlyBindingGetsOnlyHeaderStatuses() {
        let harness = FeedServiceHarness()
        let session = boundSession(harness, header: true, footer: false)
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "reload": true]).trace, [
            "refreshStatus:beingHeaderRefresh", "sections", "hud", "refreshStatus:endHeaderRefresh",
        ])
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "reload": false]).trace, ["sections", "hud"])
    }

    func testBindingReplaysTheLatestStatus() {
        let harness = FeedServiceHarness()
        let session = JSON.string(harness.makeSession(["total": 5]))
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        XCTAssertEqual(stamped(harness.call("bindRefreshStatus", ["session": session]).result), [
            "status": "footerStatus", "isHidden": false, "isNoMoreData": true,
            "refresh": ["state": "idle"], "append": ["state": "endOfList", "reason": "totalReached"],
        ])
    }

    func testAReloadSupersedesAnInFlightLoadMore() {
        let harness = FeedServiceHarness()
        let session = boundSession(harness)
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        XCTAssertEqual(harness.call("updateInput", ["session": session, "input": ["stubDelayMs": 300]]).result, ["revision": 2])
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        let loadMore = harness.send("requestCommand", ["session": session, "reload": false])
        let reload = harness.send("requestCommand", ["session": session, "reload": true])
        let superseded = harness.exchange(until: loadMore)
        XCTAssertEqual(superseded.errorCode, -32800)
        XCTAssertEqual(superseded.errorReason, "superseded")
        XCTAssertEqual(superseded.trace, ["refreshStatus:beingFooterRefresh", "refreshStatus:endFooterRefresh"])
        let winner = harness.exchange(until: reload)
        XCTAssertEqual(winner.trace.filter { $0 == "sections" }.count, 1)
        XCTAssertEqual(winner.result?["count"], 10)
        XCTAssertEqual(winner.result?["page"], 1)
    }

    func testALoadMoreJoinsAnInFlightReload() {
        let harness = FeedServiceHarness(stubDelay: 0.2)
        let session = boundSession(harness)
        let reload = harness.send("requestCommand", ["session": session, "reload": true])
        let loadMore = harness.send("requestCommand", ["session": session, "reload": false])
        let reloadExchange = harness.exchange(until: reload)
        XCTAssertEqual(reloadExchange.trace.filter { $0 == "sections" }.count, 1)
        XCTAssertEqual(harness.response(to: loadMore)["result"], reloadExchange.result, "the joined load-more shares the reload's result")
        XCTAssertEqual(harness.drain(), [])
    }

    func testCancellingTheOnlyCallerStopsTheLoadAndEndsItsSpinner() {
        let harness = FeedServiceHarness(stubDelay: 5)
        let session = boundSession(harness)
        let load = harness.send("requestCommand", ["session": session, "reload": true])
        harness.server.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(load)}}"#)
        let cancelled = harness.exchange(until: load)
        XCTAssertEqual(cancelled.errorCode, -32800)
        XCTAssertEqual(cancelled.errorReason, "clientCancelled")
        // The -32800 races the spinner's end, which the session's scheduler sends.
        let isFooterStatus: (JSON) -> Bool = { $0[keyPath: "params.status"] == "footerStatus" }
        let later = cancelled.notifications.contains(where: isFooterStatus) ? [] : harness.notifications(until: isFooterStatus)
        let statuses = (cancelled.notifications + later).map { $0[keyPath: "params.status"] }
        XCTAssertEqual(statuses, ["beingHeaderRefresh", "endHeaderRefresh", "footerStatus"])
    }

    func testAnIncrementalClientGetsAppendsAsChangesAndReplacementsWhole() {
        let harness = FeedServiceHarness()
        _ = harness.call("initialize", ["capabilities": ["sections": ["incremental": true]]])
        let session = JSON.string(harness.makeSession())
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        let more = harness.call("requestCommand", ["session": session, "reload": false])
        let params = more.notifications[0]["params"]
        XCTAssertNil(params?["sections"])
        XCTAssertEqual(params?[keyPath: "changes.baseRevision"], 1)
        XCTAssertEqual(params?["revision"], 2)
        let changes = params?[keyPath: "changes.sections.0"]
        XCTAssertEqual(changes?["count"], 20)
        XCTAssertEqual(changes?["deleted"], [])
        XCTAssertEqual(changes?["inserted"]?.arrayValue?.map { $0["index"] }, (10..<20).map { JSON.int(Int64($0)) })
        XCTAssertEqual(changes?[keyPath: "inserted.0.item.id"], "all-11")

        let switched = harness.call("updateInput", ["session": session, "input": ["category": "iOS"]])
        XCTAssertEqual(switched.notifications[0]["params"], ["session": session, "revision": 3, "sections": [["items": []]]])
    }
}

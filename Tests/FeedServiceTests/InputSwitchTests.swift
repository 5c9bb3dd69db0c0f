import JSON
import XCTest

/// `updateInput`: the seed 001 category relay on a live session.
final class InputSwitchTests: XCTestCase {
    func testACategorySwitchClearsTheListAndResetsPaging() {
        let harness = FeedServiceHarness()
        let session = JSON.string(harness.makeSession(["category": "iOS", "total": 25]))
        _ = harness.call("bindRefreshStatus", ["session": session])
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        _ = harness.call("requestCommand", ["session": session, "reload": false])
        let update = harness.call("updateInput", ["session": session, "input": ["category": "Android"]])
        XCTAssertEqual(update.result, ["revision": 3])
        XCTAssertEqual(update.trace, ["sections", "refreshStatus:footerStatus"])
        XCTAssertEqual(update.notifications[0][keyPath: "params.sections.0.items"], [])
        XCTAssertEqual(update.notifications[1]["params"], [
            "session": session, "status": "footerStatus", "isHidden": true, "isNoMoreData": false,
            "refresh": ["state": "idle"], "append": ["state": "idle"],
        ])
        let reload = harness.call("requestCommand", ["session": session, "reload": true])
        XCTAssertEqual(reload.result?["page"], 1)
        let firstItem = reload.notifications.first { $0["method"] == "sections" }?[keyPath: "params.sections.0.items.0.id"]?.stringValue
        XCTAssertTrue(firstItem?.hasPrefix("Android") == true, firstItem ?? "no item")
    }

    func testASwitchCancelsTheLoadInFlight() {
        let harness = FeedServiceHarness(stubDelay: 5)
        let session = JSON.string(harness.makeSession())
        let load = harness.send("requestCommand", ["session": session, "reload": true])
        XCTAssertEqual(harness.call("updateInput", ["session": session, "input": ["category": "iOS"]]).result, ["revision": 1])
        let response = harness.response(to: load)
        XCTAssertEqual(response[keyPath: "error.code"], -32800)
        XCTAssertEqual(response[keyPath: "error.data.reason"], "inputChanged")
    }

    func testABadInputChangesNothing() {
        let harness = FeedServiceHarness()
        let session = JSON.string(harness.makeSession())
        _ = harness.call("requestCommand", ["session": session, "reload": true])
        let bad = harness.call("updateInput", ["session": session, "input": ["pageSize": 1000]])
        XCTAssertEqual(bad.errorCode, -32602)
        XCTAssertEqual(bad.response[keyPath: "error.data.field"], "input.pageSize")
        XCTAssertEqual(harness.call("requestCommand", ["session": session, "reload": false]).result?["count"], 20)
    }
}

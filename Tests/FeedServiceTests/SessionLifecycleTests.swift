import JSON
import XCTest

/// `transform`, `dispose`, and the errors that name what was wrong.
final class SessionLifecycleTests: XCTestCase {
    func testTransformCreatesAnIdleSessionAtRevisionZero() {
        let harness = FeedServiceHarness()
        let exchange = harness.call("transform", ["input": ["source": "stub"]])
        XCTAssertEqual(exchange.result, [
            "session": "s1",
            "output": ["sections": [["items": []]], "refreshStatus": ["status": "none"]],
        ])
        XCTAssertEqual(exchange.notifications, [])
        XCTAssertEqual(harness.drain(), [], "nothing is loaded until a command")
    }

    func testSessionIdsAreDistinct() {
        let harness = FeedServiceHarness()
        XCTAssertEqual(harness.makeSession(), "s1")
        XCTAssertEqual(harness.makeSession(), "s2")
    }

    func testDisposeForgetsTheSessionAndNothingIsSentForItAfterwards() {
        let harness = FeedServiceHarness()
        let session = harness.makeSession()
        XCTAssertEqual(harness.call("requestCommand", ["session": .string(session), "reload": true]).result?["count"], 10)
        XCTAssertEqual(harness.call("dispose", ["session": .string(session)]).result, [:])
        let again = harness.call("requestCommand", ["session": .string(session), "reload": true])
        XCTAssertEqual(again.errorCode, -32001)
        XCTAssertEqual(again.response[keyPath: "error.data.session"], .string(session))
        XCTAssertTrue(again.response[keyPath: "error.message"]?.stringValue?.contains(session) == true)
        XCTAssertEqual(harness.drain(), [])
    }

    func testDisposeCancelsTheLoadInFlight() {
        let harness = FeedServiceHarness(stubDelay: 5)
        let session = harness.makeSession()
        let load = harness.send("requestCommand", ["session": .string(session), "reload": true])
        XCTAssertEqual(harness.call("dispose", ["session": .string(session)]).result, [:])
        let response = harness.response(to: load)
        XCTAssertEqual(response[keyPath: "error.code"], -32800)
        XCTAssertEqual(response[keyPath: "error.data.reason"], "disposed")
    }

    func testAnUnknownSessionIsNamedInTheError() {
        let harness = FeedServiceHarness()
        for method in ["requestCommand", "loadImage", "bindRefreshStatus", "willDisplay", "cancelImage", "didEndDisplaying", "dispose"] {
            let exchange = harness.call(method, ["session": "nope", "reload": true, "index": 0])
            XCTAssertEqual(exchange.errorCode, -32001, method)
            XCTAssertEqual(exchange.response[keyPath: "error.message"], "Unknown session 'nope'", method)
        }
    }

    func testParamsAreCheckedBeforeTheSessionIsLookedUp() {
        let harness = FeedServiceHarness()
        let exchange = harness.call("requestCommand", ["session": "nope"])
        XCTAssertEqual(exchange.errorCode, -32602)
        XCTAssertEqual(exchange.response[keyPath: "error.data.field"], "reload")
    }

    func testInvalidParamsNameTheField() {
        let harness = FeedServiceHarness()
        let session = harness.makeSession()
        let cases: [(String, JSON, String)] = [
            ("transform", [:], "input"),
            ("transform", ["input": ["pageSize": 0]], "input.pageSize"),
            ("transform", ["input": ["source": "rss"]], "input.source"),
            ("transform", ["input": ["category": 7]], "input.category"),
            ("requestCommand", ["session": .string(session)], "reload"),
            ("requestCommand", ["session": .string(session), "reload": "yes"], "reload"),
            ("requestCommand", ["reload": true], "session"),
            ("loadImage", ["session": .string(session), "index": -1], "index"),
            ("loadImage", ["session": .string(session), "index": 1.5], "index"),
            ("bindRefreshStatus", ["session": .string(session), "header": 1], "header"),
        ]
        for (method, params, field) in cases {
            let exchange = harness.call(method, params)
            XCTAssertEqual(exchange.errorCode, -32602, "\(method) \(params)")
            XCTAssertEqual(exchange.response[keyPath: "error.data.field"], .string(field), "\(method) \(params)")
        }
    }

    func testAnIntegerIsAnIntegerByValueInParamsAsInTheInput() {
        let harness = FeedServiceHarness()
        let session = harness.makeSession(["pageSize": 5.0])
        XCTAssertEqual(harness.call("requestCommand", ["session": .string(session), "reload": true]).result?["count"], 5)
        XCTAssertEqual(harness.call("loadImage", ["session": .string(session), "index": 1.0]).result?["mimeType"], "image/png")
        XCTAssertEqual(harness.call("willDisplay", ["session": .string(session), "index": 2e0]).result?["image"], true)
    }

    func testABaseURLThatIsNotHTTPIsRefusedByScheme() {
        let harness = FeedServiceHarness()
        let exchange = harness.call("transform", ["input": ["source": "gank", "baseURL": "file:///etc/"]])
        XCTAssertEqual(exchange.errorCode, -32004)
        XCTAssertEqual(exchange.response[keyPath: "error.data.scheme"], "file")
    }

    func testTheSessionCapHolds() {
        let harness = FeedServiceHarness(maxSessions: 2)
        _ = harness.makeSession()
        _ = harness.makeSession()
        let third = harness.call("transform", ["input": [:]])
        XCTAssertEqual(third.errorCode, -32005)
        XCTAssertEqual(third.response[keyPath: "error.data.limit"], 2)
        XCTAssertEqual(harness.call("dispose", ["session": "s1"]).result, [:])
        XCTAssertEqual(harness.makeSession(), "s3", "a disposed session frees its place")
    }
}

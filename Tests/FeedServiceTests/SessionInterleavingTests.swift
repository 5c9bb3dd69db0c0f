import JSON
import XCTest

/// Sessions are independent: a slow one never holds up another, or `ping`.
final class SessionInterleavingTests: XCTestCase {
    func testASlowSessionDoesNotBlockAFastOne() {
        let harness = FeedServiceHarness()
        let slow = JSON.string(harness.makeSession(["stubDelayMs": 3000]))
        let fast = JSON.string(harness.makeSession())
        let slowLoad = harness.send("requestCommand", ["session": slow, "reload": true])
        let fastLoad = harness.send("requestCommand", ["session": fast, "reload": true])
        let fastExchange = harness.exchange(until: fastLoad)
        XCTAssertEqual(fastExchange.result?["count"], 10)
        XCTAssertTrue(fastExchange.notifications.allSatisfy { $0[keyPath: "params.session"] == fast }, "the slow one has not answered yet")
        XCTAssertEqual(harness.call("ping", [:]).result, [:])
        XCTAssertEqual(harness.response(to: slowLoad)[keyPath: "result.count"], 10)
    }

    func testEachSessionKeepsItsOwnOrder() {
        let harness = FeedServiceHarness()
        let sessions = (0..<4).map { _ in JSON.string(harness.makeSession(["total": 35])) }
        var ids: [Int] = []
        for _ in 0..<4 {
            for session in sessions { ids.append(harness.send("requestCommand", ["session": session, "reload": false])) }
        }
        var revisions: [JSON: [JSON]] = [:]
        for message in harness.collect(untilAnswered: ids) where message["method"] == "sections" {
            revisions[message[keyPath: "params.session"] ?? .null, default: []].append(message[keyPath: "params.revision"] ?? .null)
        }
        for session in sessions {
            XCTAssertEqual(revisions[session], [1, 2, 3, 4], "\(session)")
        }
    }
}

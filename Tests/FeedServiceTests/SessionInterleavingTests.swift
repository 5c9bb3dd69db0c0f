@testable import FeedService
import Foundation
import JSON
import XCTest

/// Sessions are independent: a slow one never holds up another, or `ping`.
final class SessionInterleavingTests: XCTestCase {
    func testASlowSessionDoesNotBlockAFastOne() throws {
        let harness = FeedServiceHarness()
        let slow = JSON.string(harness.makeSession())
        let fast = JSON.string(harness.makeSession())
        // The slow session's queue is busy until the gate opens: its reload cannot even start.
        let gate = DispatchSemaphore(value: 0)
        let occupied = DispatchSemaphore(value: 0)
        try harness.service.sessions.session(slow.stringValue ?? "").scheduler.schedule {
            occupied.signal()
            gate.wait()
        }
        occupied.wait()
        let slowLoad = harness.send("requestCommand", ["session": slow, "reload": true])
        let fastLoad = harness.send("requestCommand", ["session": fast, "reload": true])
        let fastExchange = harness.exchange(until: fastLoad)
        XCTAssertEqual(fastExchange.result?["count"], 10)
        XCTAssertTrue(fastExchange.notifications.allSatisfy { $0[keyPath: "params.session"] == fast }, "the slow one has not answered yet")
        XCTAssertEqual(harness.call("ping", [:]).result, [:])
        gate.signal()
        XCTAssertEqual(harness.response(to: slowLoad)[keyPath: "result.count"], 10)
    }

    func testEachSessionKeepsItsOwnOrderWhileTheyInterleave() {
        let harness = FeedServiceHarness()
        let sessions = (0..<4).map { _ in JSON.string(harness.makeSession(["total": 35, "stubDelayMs": 5])) }
        for round in 1...4 {
            let ids = sessions.map { harness.send("requestCommand", ["session": $0, "reload": .bool(round == 1)]) }
            let messages = harness.collect(untilAnswered: ids)
            for (session, id) in zip(sessions, ids) {
                let own = messages.filter { $0[keyPath: "params.session"] == session || $0["id"] == .int(Int64(id)) }
                XCTAssertEqual(own.map { $0["method"]?.stringValue ?? "response" }, ["sections", "hud", "response"], "\(session) round \(round)")
                XCTAssertEqual(own.first?[keyPath: "params.revision"], .int(Int64(round)))
                XCTAssertEqual(own.last?[keyPath: "result.revision"], .int(Int64(round)))
            }
        }
    }
}

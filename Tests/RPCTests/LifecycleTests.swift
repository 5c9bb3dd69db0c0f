import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// `shutdown`, `exit`, end of input and `stop()`: running work is cancelled and answered, the
/// output flushed, and `run` returns 0.
final class LifecycleTests: XCTestCase {
    private func makeHarness() -> InProcessServer {
        InProcessServer { server in
            server.register("wait") { _, _ in }  // finishes only when cancelled
        }
    }

    func testShutdownCancelsRunningRequestsThenAnswersAnEmptyObject() {
        let harness = makeHarness()
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        let cancelled = harness.client.receive()
        XCTAssertEqual(cancelled["id"], 1)
        XCTAssertEqual(cancelled["error"]?["code"], .int(-32800))
        XCTAssertEqual(cancelled["error"]?["data"]?["reason"], "shutdown")
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "id": 2, "result": [:]])
    }

    func testAfterShutdownOnlyPingAndExitAreServed() {
        let harness = makeHarness()
        _ = harness.client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"initialize"}"#).first?["error"]?["code"], .int(-32006))
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":3,"method":"wait"}"#).first?["error"]?["code"], .int(-32006))
        harness.client.send(#"{"jsonrpc":"2.0","id":4,"method":"exit"}"#)
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "id": 4, "result": [:]])
        XCTAssertEqual(harness.waitForExit(), 0)
    }

    func testTheExitNotificationEndsTheServerWithStatusZero() {
        let harness = makeHarness()
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)  // never read
        XCTAssertEqual(harness.waitForExit(), 0)
        let answers = harness.client.receiveUntilEnd()
        XCTAssertEqual(answers.map { $0["id"] }, [1], "the running request is cancelled; nothing after exit is served")
        XCTAssertEqual(answers.first?["error"]?["code"], .int(-32800))
    }

    func testEndOfInputCancelsRunningRequestsAndReturnsZero() {
        let harness = makeHarness()
        harness.client.send(#"{"jsonrpc":"2.0","id":"slow","method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":"quick","method":"ping"}"#)
        XCTAssertEqual(harness.closeAndWait(), 0)
        let answers = harness.client.receiveUntilEnd()
        XCTAssertEqual(Set(answers.compactMap { $0["id"] }), ["slow", "quick"])
        XCTAssertEqual(answers.first { $0["id"] == "slow" }?["error"]?["data"]?["reason"], "shutdown")
    }

    func testStopCancelsRunningRequestsAndReturnsZero() {
        let harness = makeHarness()
        _ = harness.client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"wait"}"#)
        harness.server.stop(reason: "test")
        XCTAssertEqual(harness.waitForExit(), 0)
        XCTAssertEqual(harness.client.receiveUntilEnd().first?["error"]?["code"], .int(-32800))
    }

    func testASignalRaisedTheMomentStopOnSignalsReturnsStopsTheServer() {
        for _ in 0..<20 {  // the handler must be in place on return, not armed some time later
            let harness = InProcessServer()
            harness.server.stopOnSignals([SIGUSR2])
            raise(SIGUSR2)
            XCTAssertEqual(harness.waitForExit(), 0)
        }
    }

    func testStopHandlersRunOnceAfterRunningRequestsWereCancelled() {
        let harness = InProcessServer { server in
            server.register("wait") { _, _ in }
            server.onStop { server.sendNotification("stopping", params: nil) }
        }
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        XCTAssertEqual(harness.waitForExit(), 0)
        let answers = harness.client.receiveUntilEnd()
        XCTAssertEqual(answers.map { $0["id"] ?? $0["method"] }, [1, "stopping", 2], "shutdown runs them; exit does not again")
    }

    func testARequestIdReusedWhileRunningIsCancelledEverywhere() {
        let harness = makeHarness()
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)
        XCTAssertEqual(harness.client.receive()["error"]?["code"], .int(-32800))
        XCTAssertEqual(harness.client.receive()["error"]?["code"], .int(-32800))
    }
}

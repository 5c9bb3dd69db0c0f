import Dispatch
import JSON
import Locking
import FeedVMTestSupport
import XCTest
@testable import RPC

/// `$/cancelRequest`: the cancelled request is still answered, with -32800.
final class CancellationTests: XCTestCase {
    private var harness: InProcessServer!

    override func setUp() {
        harness = InProcessServer { server in
            // Never finishes on its own; on cancellation it says so before the answer goes out.
            server.register("wait") { _, context in
                context.cancellation.onCancel {
                    context.sendNotification("cancelled", params: ["id": context.id?.json ?? .null])
                }
            }
        }
    }

    override func tearDown() { harness = nil }

    func testACancelledRequestIsAnsweredRequestCancelledAfterItsTokenFired() {
        harness.client.send(#"{"jsonrpc":"2.0","id":5,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#)
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "method": "cancelled", "params": ["id": 5]])
        let answer = harness.client.receive()
        XCTAssertEqual(answer["id"], 5)
        XCTAssertEqual(answer["error"]?["code"], .int(-32800))
        XCTAssertEqual(answer["error"]?["data"]?["reason"], "clientCancelled")
    }

    func testStringIdsAreCancelledByTheirExactId() {
        harness.client.send(#"{"jsonrpc":"2.0","id":"5","method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":5,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"5"}}"#)
        _ = harness.client.receive()  // the notification
        XCTAssertEqual(harness.client.receive()["id"], "5")
    }

    func testCancellingAnUnknownIdIsIgnored() {
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":99}}"#), [])
    }

    func testACancelRequestWithoutIdSentAsARequestIsInvalidParams() {
        let answers = harness.client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"$/cancelRequest","params":{}}"#)
        XCTAssertEqual(answers.first?["error"]?["code"], .int(-32602))
        XCTAssertEqual(answers.first?["error"]?["data"]?["field"], "id")
    }

    func testACallbackAddedAfterCancellationRunsAtOnce() {
        let cancelled = Locked<RequestContext?>(nil)
        harness.server.register("late") { _, context in
            context.onCancel { cancelled.withLock { $0 = context } }
        }
        harness.client.send(#"{"jsonrpc":"2.0","id":"late","method":"late"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"late"}}"#)
        XCTAssertEqual(harness.client.receive()["error"]?["code"], .int(-32800))
        let context = cancelled.withLock { $0 }
        XCTAssertEqual(context?.isCancelled, true)
        let ran = expectation(description: "callback")
        context?.cancellation.onCancel { ran.fulfill() }
        wait(for: [ran], timeout: 0)
    }

    func testAnAnsweredRequestDropsItsCallbacksAndIgnoresLaterCancellation() {
        let answered = Locked<RequestContext?>(nil)
        harness.server.register("quick") { _, context in
            context.onCancel { XCTFail("an answered request's callback ran") }
            context.succeed(.bool(true))
            answered.withLock { $0 = context }
        }
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"quick"}"#).first?["result"], true)
        let context = answered.withLock { $0 }
        context?.onCancel { XCTFail("a callback added after the answer ran") }
        context?.cancel()
        context?.fail(.requestCancelled("late"))
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"quick"}"#).map { $0["id"] }, [2])
    }

    func testAReusedIdCancelsEveryRequestRunningUnderIt() {
        harness.client.send(#"{"jsonrpc":"2.0","id":7,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":7,"method":"wait"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        let messages = (0..<4).map { _ in harness.client.receive() }
        XCTAssertEqual(messages.filter { $0["method"] == "cancelled" }.count, 2)
        XCTAssertEqual(messages.filter { $0["error"]?["code"] == .int(-32800) }.map { $0["id"] }, [7, 7])
    }
}

import Dispatch
import JSON
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

    func testTheTokenRunsCallbacksAddedAfterCancellationAtOnce() {
        let token = CancellationToken()
        token.cancel()
        let ran = expectation(description: "callback")
        token.onCancel { ran.fulfill() }
        wait(for: [ran], timeout: 0)
    }
}

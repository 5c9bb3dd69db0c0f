import Dispatch
import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// Batches: one array answer per batch, written once every request of it was answered.
final class BatchTests: XCTestCase {
    private var harness: InProcessServer!

    override func setUp() {
        harness = InProcessServer { server in
            server.register("later") { params, context in
                DispatchQueue.global().async { context.succeed(params?["value"] ?? .null) }
            }
        }
    }

    override func tearDown() { harness = nil }

    private func ids(of answers: JSON?) -> Set<JSON> {
        Set(answers?.arrayValue?.compactMap { $0["id"] } ?? [])
    }

    func testAnEmptyBatchGetsOneInvalidRequestThatIsNotAnArray() {
        let answers = harness.client.exchange("[]")
        XCTAssertEqual(answers.count, 1)
        XCTAssertEqual(answers.first?["error"]?["code"], .int(-32600))
        XCTAssertEqual(answers.first?["id"], .null)
    }

    func testEachInvalidElementGetsItsOwnInvalidRequest() {
        let answers = harness.client.exchange("[1,2,3]")
        XCTAssertEqual(answers.count, 1)
        XCTAssertEqual(answers.first?.arrayValue?.count, 3)
        XCTAssertTrue(answers.first?.arrayValue?.allSatisfy { $0["error"]?["code"] == .int(-32600) && $0["id"] == .null } == true)
    }

    func testAMixedBatchAnswersEveryRequestAndNoNotification() {
        harness.client.send("""
            [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"ping"},1,\
            {"jsonrpc":"2.0","id":"two","method":"nope"},{"jsonrpc":"2.0","id":3,"method":"later","params":{"value":3}}]
            """)
        let answers = [harness.client.receive()]
        let batch = answers.first?.arrayValue ?? []
        XCTAssertEqual(batch.count, 4)
        XCTAssertEqual(ids(of: answers.first), [1, .null, "two", 3])
        XCTAssertEqual(batch.first { $0["id"] == 3 }?["result"], 3)
        XCTAssertEqual(batch.first { $0["id"] == "two" }?["error"]?["code"], .int(-32601))
    }

    func testAnAllNotificationBatchGetsNothingAtAll() {
        XCTAssertEqual(harness.client.exchange(#"[{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","method":"nope"}]"#), [])
    }

    func testABatchWaitsForItsSlowestRequest() {
        harness.client.send("""
            [{"jsonrpc":"2.0","id":1,"method":"later","params":{"value":"a"}},{"jsonrpc":"2.0","id":2,"method":"later","params":{"value":"b"}},\
            {"jsonrpc":"2.0","id":3,"method":"ping"}]
            """)
        let answer = harness.client.receive()
        XCTAssertEqual(ids(of: answer), [1, 2, 3])
    }
}

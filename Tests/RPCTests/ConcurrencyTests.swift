import Dispatch
import Foundation
import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// Requests run concurrently, the writer keeps enqueue order, and reading never waits on writing.
final class ConcurrencyTests: XCTestCase {
    func testASlowRequestDoesNotBlockPing() {
        let release = DispatchSemaphore(value: 0)
        let harness = InProcessServer { server in
            server.register("slow") { _, context in
                DispatchQueue.global().async {
                    release.wait()
                    context.succeed("done")
                }
            }
        }
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"slow"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        XCTAssertEqual(harness.client.receive()["id"], 2, "ping is answered while the slow request runs")
        release.signal()
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "id": 1, "result": "done"])
    }

    func testNotificationsSentBeforeAResponseAreWrittenBeforeIt() {
        let harness = InProcessServer { server in
            server.register("count") { params, context in
                DispatchQueue.global().async {
                    for index in 0..<100 { context.sendNotification("tick", params: ["n": .int(Int64(index))]) }
                    context.succeed("counted")
                }
            }
        }
        harness.client.send(#"{"jsonrpc":"2.0","id":1,"method":"count"}"#)
        for index in 0..<100 {
            XCTAssertEqual(harness.client.receive()["params"]?["n"], .int(Int64(index)))
        }
        XCTAssertEqual(harness.client.receive()["result"], "counted")
    }

    func testAClientThatWritesTenThousandRequestsBeforeReadingGetsEveryAnswer() {
        let harness = InProcessServer { server in
            server.register("echo") { params, context in
                DispatchQueue.global().async { context.succeed(params ?? .null) }
            }
        }
        var text = ""
        for index in 0..<10_000 {
            let method = index.isMultiple(of: 2) ? "ping" : "echo"
            text += #"{"jsonrpc":"2.0","id":\#(index),"method":"\#(method)","params":{"n":\#(index)}}"# + "\n"
        }
        harness.client.sendRaw(Array(text.utf8))  // all of it before reading a single answer
        var ids = Set<Int64>()
        for _ in 0..<10_000 {
            if let id = harness.client.receive()["id"]?.intValue { ids.insert(id) }
        }
        XCTAssertEqual(ids, Set(0..<10_000))
    }

    func testBackpressureLosesNothingWhenTheBacklogLimitIsTiny() {
        var configuration = InProcessServer.quietConfiguration()
        configuration.outputBacklogLimit = 1024
        let harness = InProcessServer(configuration: configuration)
        let count = 5_000
        var text = ""
        for index in 0..<count { text += #"{"jsonrpc":"2.0","id":\#(index),"method":"ping"}"# + "\n" }
        harness.client.sendInBackground(text)
        let ids = (0..<count).compactMap { _ in harness.client.receive()["id"]?.intValue }
        XCTAssertEqual(ids, (0..<Int64(count)).map { $0 })
    }
}

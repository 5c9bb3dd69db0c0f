import FeedVMTestSupport
import JSON
import XCTest
@testable import RPC

/// An id comes back as the very text the client wrote, and two ids written
/// differently are two ids, for answers and for `$/cancelRequest` alike.
final class RequestIDTests: XCTestCase {
    private func makeHarness() -> InProcessServer {
        InProcessServer { server in
            server.register("wait") { _, _ in }  // answered only when cancelled
        }
    }

    func testEveryIdIsEchoedByteForByte() {
        let ids = [#""\ud800""#, #""\udc00\ud800""#, "-0", "1E2", "1e-400", "9223372036854775808", "-9223372036854775809",
                   "1.50", "0.1e1", #""\u0061""#, #""a""#, #""\/""#, "null", "7", "0", "-7", "1234",
                   "9223372036854775807", "-9223372036854775808"]
        let harness = makeHarness()
        for (index, id) in ids.enumerated() {
            // One through the fast path where it can, one through the general parser (an escaped member name).
            for name in [#""id""#, #""\u0069d""#] {
                harness.client.send(#"{"jsonrpc":"2.0",\#(name):\#(id),"method":"ping"}"#)
                let answer = String(decoding: harness.client.readLine() ?? [], as: UTF8.self)
                XCTAssertEqual(answer, #"{"jsonrpc":"2.0","id":\#(id),"result":{}}"#, "id #\(index) named \(name)")
            }
        }
        harness.client.send(#"[{"jsonrpc":"2.0","id":1E2,"method":"ping"},{"jsonrpc":"2.0","id":"\ud800","method":"ping"}]"#)
        let batch = String(decoding: harness.client.readLine() ?? [], as: UTF8.self)
        XCTAssertTrue(batch.contains(#""id":1E2,"#) && batch.contains(#""id":"\ud800","#), batch)
    }

    func testIdsThatParseAlikeNeverCollideAndCancelOnlyTheirOwnRequest() {
        let harness = makeHarness()
        // Both lone surrogates read as U+FFFD; 1E2 and 100.0 read as 100.
        for id in [#""\ud800""#, #""\udbff""#, "1E2", "100.0"] {
            harness.client.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"wait"}"#)
        }
        for id in [#""\ud800""#, "1E2"] {
            harness.client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id)}}"#)
        }
        let cancelled = [harness.client.readLine(), harness.client.readLine()].map { String(decoding: $0 ?? [], as: UTF8.self) }
        XCTAssertEqual(cancelled.map { $0.hasPrefix(#"{"jsonrpc":"2.0","id":"\ud800","error""#) || $0.hasPrefix(#"{"jsonrpc":"2.0","id":1E2,"error""#) },
                       [true, true], "\(cancelled)")
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":"probe-1","method":"ping"}"#, probeID: "probe-2").map { $0["id"] },
                       [.string("probe-1")], "the other two still run")
        XCTAssertEqual(harness.closeAndWait(), 0)
        let rest = harness.client.receiveUntilEnd()
        XCTAssertEqual(rest.count, 2)
        XCTAssertEqual(Set(rest.compactMap { $0["error"]?["data"]?["reason"] }), ["shutdown"])
    }
}

import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// Lines: split on 0x0A only, one trailing CR stripped, blank lines ignored, a size cap.
final class FramingTests: XCTestCase {
    private func makeHarness(maxMessageBytes: Int = 16 << 20) -> InProcessServer {
        var configuration = InProcessServer.quietConfiguration()
        configuration.maxMessageBytes = maxMessageBytes
        return InProcessServer(configuration: configuration)
    }

    func testCRLFLineEndsAndBlankLinesAreAccepted() {
        let harness = makeHarness()
        harness.client.sendRaw(Array("\r\n\n   \n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n\r\n".utf8))
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "id": 1, "result": [:]])
    }

    func testUnicodeLineSeparatorsInsideStringsDoNotSplitAMessage() {
        let harness = makeHarness()
        let answers = harness.client.exchange("{\"jsonrpc\":\"2.0\",\"id\":\"a\u{2028}b\u{2029}c\",\"method\":\"ping\"}")
        XCTAssertEqual(answers.first?["id"], "a\u{2028}b\u{2029}c")
    }

    func testAnswersNeverContainARawNewlineOrLineSeparator() {
        let harness = makeHarness()
        harness.client.send(#"{"jsonrpc":"2.0","id":"x\ny\u2028","method":"ping"}"#)
        let line = harness.client.readLine() ?? []
        XCTAssertFalse(line.contains(0x0A))
        XCTAssertFalse(String(decoding: line, as: UTF8.self).contains("\u{2028}"))
    }

    func testAnOversizedLineIsRejectedDrainedAndTheNextLineWorks() {
        let harness = makeHarness(maxMessageBytes: 1000)
        // Far longer than the cap and than one read chunk, so it is skipped across many reads.
        let huge = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 3 << 20) + #""}}"#
        harness.client.sendInBackground(huge + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
        let rejection = harness.client.receive()
        XCTAssertEqual(rejection["id"], .null)
        XCTAssertEqual(rejection["error"]?["code"], .int(-32700))
        XCTAssertEqual(rejection["error"]?["data"]?["reason"], "message exceeds 1000 bytes")
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "id": 2, "result": [:]])
    }

    func testALineExactlyAtTheCapIsServed() {
        let prefix = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#
        let suffix = #""}}"#
        let harness = makeHarness(maxMessageBytes: 200)
        let line = prefix + String(repeating: "x", count: 200 - prefix.utf8.count - suffix.utf8.count) + suffix
        XCTAssertEqual(line.utf8.count, 200)
        harness.client.send(line + "\r")  // the CR does not count
        XCTAssertEqual(harness.client.receive()["result"], [:])
        harness.client.send(line + " ")
        XCTAssertEqual(harness.client.receive()["error"]?["code"], .int(-32700))
    }

    func testALastLineWithoutNewlineIsServedAtEndOfInput() {
        let harness = makeHarness()
        harness.client.sendRaw(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
        harness.client.closeInput()
        XCTAssertEqual(harness.client.receive()["id"], 1)
    }

    func testManyLinesSpanningReadChunksAreEachServedOnce() {
        let harness = makeHarness()
        let count = 20_000  // about 1 MB of input: several read chunks, lines cut at their edges
        var text = ""
        for index in 0..<count { text += #"{"jsonrpc":"2.0","id":\#(index),"method":"ping"}"# + "\n" }
        harness.client.sendInBackground(text)
        let ids = (0..<count).compactMap { _ in harness.client.receive()["id"]?.intValue }
        XCTAssertEqual(ids, (0..<Int64(count)).map { $0 }, "synchronous answers keep the input order")
    }
}

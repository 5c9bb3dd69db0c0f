import FeedVMTestSupport
import JSON
import XCTest
@testable import RPC

/// The LSP base-protocol framing: detected from the first bytes, answered in kind, with the
/// same limits and errors as lines.
final class ContentLengthFramingTests: XCTestCase {
    private let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#

    private func makeHarness(framing: Framing? = nil, maxMessageBytes: Int = 16 << 20) -> InProcessServer {
        var configuration = InProcessServer.quietConfiguration()
        configuration.framing = framing
        configuration.maxMessageBytes = maxMessageBytes
        let harness = InProcessServer(configuration: configuration) { server in
            server.register("later") { params, context in
                DispatchQueue.global().async {
                    context.sendNotification("progress", params: params)
                    context.succeed(["done": true])
                }
            }
        }
        harness.client.framing = .contentLength
        return harness
    }

    private func frame(_ body: String, header: String? = nil) -> [UInt8] {
        Array((header ?? "Content-Length: \(body.utf8.count)\r\n\r\n").utf8) + Array(body.utf8)
    }

    func testAContentLengthHeaderSwitchesBothDirectionsToFramedMessages() {
        let harness = makeHarness()
        harness.client.sendRaw(frame(ping))
        harness.client.closeInput()
        XCTAssertEqual(harness.waitForExit(), 0)
        // The exact bytes: header, blank line, body, and nothing else (no trailing newline).
        let answer = #"{"jsonrpc":"2.0","id":1,"result":{}}"#
        XCTAssertEqual(harness.client.readAll(), frame(answer))
    }

    func testContentTypeAndHeaderCaseAndBareNewlinesAreAccepted() {
        let harness = makeHarness()
        let body = #"{"jsonrpc":"2.0","id":"a","method":"ping"}"#
        harness.client.sendRaw(frame(body, header: "content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:\(body.utf8.count)  \n\n"))
        XCTAssertEqual(harness.client.receive()["id"], "a")
    }

    func testNotificationsAndAnswersFromOtherThreadsAndBatchesAreFramedToo() {
        let harness = makeHarness()
        harness.client.send(#"{"jsonrpc":"2.0","id":7,"method":"later","params":{"step":1}}"#)
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "method": "progress", "params": ["step": 1]])
        XCTAssertEqual(harness.client.receive(), ["jsonrpc": "2.0", "id": 7, "result": ["done": true]])
        harness.client.send(#"[{"jsonrpc":"2.0","id":8,"method":"ping"},{"jsonrpc":"2.0","id":9,"method":"later"}]"#)
        _ = harness.client.receive()  // progress
        XCTAssertEqual(Set(harness.client.receive().arrayValue?.compactMap { $0["id"] } ?? []), [8, 9])
    }

    func testABodyMaySpanLinesAndManyMessagesMayShareOneWrite() {
        let harness = makeHarness()
        let count = 20_000  // several read chunks, headers and bodies cut at their edges
        var bytes = frame("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 0,\n  \"method\": \"ping\"\n}\n")
        for index in 1..<count { bytes += frame(#"{"jsonrpc":"2.0","id":\#(index),"method":"ping"}"#) }
        harness.client.sendInBackground(bytes)
        let ids = (0..<count).compactMap { _ in harness.client.receive()["id"]?.intValue }
        XCTAssertEqual(ids, (0..<Int64(count)).map { $0 }, "answered once each, in order")
    }

    func testABodyOverTheCapIsAnsweredOnceSkippedAndTheNextMessageWorks() {
        let harness = makeHarness(maxMessageBytes: 1000)
        let huge = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 3 << 20) + #""}}"#
        harness.client.sendInBackground(frame(huge) + frame(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#))
        let rejection = harness.client.receive()
        XCTAssertEqual(rejection["id"], .null)
        XCTAssertEqual(rejection["error"]?["code"], .int(-32700))
        XCTAssertEqual(rejection["error"]?["data"]?["reason"], "message exceeds 1000 bytes")
        XCTAssertEqual(harness.client.receive()["id"], 2)
    }

    func testABodyExactlyAtTheCapIsServed() {
        let prefix = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#
        let body = prefix + String(repeating: "x", count: 200 - prefix.utf8.count - 3) + #""}}"#
        let harness = makeHarness(maxMessageBytes: 200)
        harness.client.send(body)
        XCTAssertEqual(harness.client.receive()["result"], [:])
        harness.client.send(body + " ")
        XCTAssertEqual(harness.client.receive()["error"]?["data"]?["reason"], "message exceeds 200 bytes")
    }

    func testABadHeaderLineIsAnsweredOnceAndItsBodySkipped() {
        let harness = makeHarness()
        harness.client.sendRaw(frame(ping, header: "Content-Length: \(ping.utf8.count)\r\nno colon here\r\n\r\n"))
        harness.client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        let error = harness.client.receive()
        XCTAssertEqual(error["error"]?["code"], .int(-32700))
        XCTAssertEqual(error["error"]?["data"]?["reason"], "bad header: 'no colon here' is not 'Name: value'")
        XCTAssertEqual(harness.client.receive()["id"], 2, "the bad message's body was skipped, not read as headers")
    }

    func testWithoutAReadableLengthTheReaderSkipsToTheNextContentLength() {
        let harness = makeHarness()
        harness.client.sendRaw(frame(ping))
        _ = harness.client.receive()
        harness.client.sendRaw(frame(ping, header: "Content-Length: ten\r\n\r\n"))
        harness.client.send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
        XCTAssertEqual(harness.client.receive()["error"]?["data"]?["reason"], "bad header: Content-Length 'ten' is not a number")
        XCTAssertEqual(harness.client.receive()["id"], 3)
        harness.client.sendRaw(frame(ping, header: "Content-Type: x\r\n\r\n"))
        harness.client.send(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)
        XCTAssertEqual(harness.client.receive()["error"]?["data"]?["reason"], "bad header: no Content-Length")
        XCTAssertEqual(harness.client.receive()["id"], 4)
    }

    func testAHeaderSectionOverTheLimitIsRejectedAndItsRequestNotServed() {
        let harness = makeHarness()
        harness.client.sendRaw(frame(ping))
        _ = harness.client.receive()
        // One message: a padding header past the limit, then its Content-Length, the empty line and its body.
        harness.client.sendRaw(Array("X-Padding: \(String(repeating: "p", count: 9000))\r\n".utf8))
        harness.client.send(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)
        harness.client.send(#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#)
        XCTAssertEqual(harness.client.receive()["error"]?["data"]?["reason"], "bad header: the header section exceeds 8192 bytes")
        XCTAssertEqual(harness.client.receive()["id"], 5, "the rejected message's request is not served; the next one is")
    }

    func testBlankLinesBetweenMessagesNeverCountAsHeaderBytes() {
        let harness = makeHarness()
        var bytes: [UInt8] = []
        for index in 0..<3_000 { bytes += frame(#"{"jsonrpc":"2.0","id":\#(index),"method":"ping"}"#) + Array("\r\n\r\n".utf8) }
        harness.client.sendInBackground(bytes)
        let answers = (0..<3_000).map { _ in harness.client.receive() }
        XCTAssertEqual(answers.compactMap { $0["id"]?.intValue }, (0..<3_000).map { Int64($0) }, "no spurious error, none lost")
    }

    func testAShortBodyAtTheEndOfInputIsAParseError() {
        let harness = makeHarness()
        harness.client.sendRaw(frame(ping))
        harness.client.sendRaw(Array("Content-Length: 100\r\n\r\n{\"jsonrpc\"".utf8))
        XCTAssertEqual(harness.closeAndWait(), 0)
        let answers = harness.client.receiveUntilEnd()
        XCTAssertEqual(answers.count, 2)
        XCTAssertEqual(answers.last?["error"]?["data"]?["reason"], "end of input after 10 of the 100 bytes of a message")
    }

    func testAnEmptyOrInvalidBodyIsAParseError() {
        let harness = makeHarness()
        harness.client.sendRaw(frame(ping))
        _ = harness.client.receive()
        for body: [UInt8] in [[], Array("  ".utf8), Array("{".utf8), [0x22, 0xFF, 0x22]] {
            harness.client.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
            XCTAssertEqual(harness.client.receive()["error"]?["code"], .int(-32700), "body \(body)")
        }
    }

    func testAForcedFramingIsNotDetected() {
        let framed = makeHarness(framing: .contentLength)
        framed.client.sendRaw(Array((ping + "\n").utf8))  // a JSON line where headers were expected
        framed.client.send(ping)
        framed.client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        XCTAssertEqual(framed.client.receive()["error"]?["code"], .int(-32700), "the line is a bad header of the next message")
        XCTAssertEqual(framed.client.receive()["id"], 2)

        let lines = makeHarness(framing: .newline)
        lines.client.sendRaw(frame(ping))
        lines.client.framing = .newline
        XCTAssertEqual(lines.client.receive()["error"]?["code"], .int(-32700), "the header line is not JSON")
    }

    func testBothFramingsAnswerTheSameMessagesTheSameWay() {
        var bodies: [[UInt8]] = [
            #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":"s","method":"ping","params":{}}"#,
            #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":1.5,"method":"nope"}"#,
            #"{"jsonrpc":"2.0","method":"ping"}"#, #"{"jsonrpc":"1.0","id":2,"method":"ping"}"#, #"{"id":true}"#,
            "{", "[]", "1", #"[{"jsonrpc":"2.0","id":3,"method":"ping"},1,{"jsonrpc":"2.0","method":"ping"}]"#,
            #"{"jsonrpc":"2.0","id":4,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 2000) + #""}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"ping","params":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
        ].map { Array($0.utf8) }
        bodies.append([0x22, 0xC3, 0x28, 0x22])  // invalid UTF-8
        var answers: [Framing: [JSON]] = [:]
        for framing in Framing.allCases {
            let harness = makeHarness(framing: framing, maxMessageBytes: 1000)
            harness.client.framing = framing
            for body in bodies.dropLast() { harness.client.sendRaw(harness.client.framed(String(decoding: body, as: UTF8.self))) }
            if framing == .contentLength {
                // The framed invalid-UTF-8 body must carry the raw bytes, not their repair.
                harness.client.sendRaw(Array("Content-Length: 4\r\n\r\n".utf8) + bodies.last!)
            } else {
                harness.client.sendRaw(bodies.last! + [0x0A])
            }
            XCTAssertEqual(harness.closeAndWait(), 0)
            answers[framing] = harness.client.receiveUntilEnd()
        }
        XCTAssertEqual(answers[.newline]?.count, 13)
        XCTAssertEqual(answers[.newline], answers[.contentLength])
    }

    func testDetectionLooksOnlyAtTheFirstBytes() {
        XCTAssertEqual(detect("Content-Length: 2\r\n"), .contentLength)
        XCTAssertEqual(detect("content-type: x"), .contentLength)
        XCTAssertEqual(detect("Content-Len"), nil, "too short to tell")
        XCTAssertEqual(detect("{\"jsonrpc\""), .newline)
        XCTAssertEqual(detect("Content-Lengthy: 2"), .newline)
        XCTAssertEqual(detect("Contents"), .newline)
    }

    private func detect(_ text: String) -> Framing? {
        Framing.detect(Array(text.utf8)[...])
    }
}

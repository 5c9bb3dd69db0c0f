import FeedVMTestSupport
import Foundation
import JSON
import XCTest
@testable import RPC

/// `--trace`: what the server reads and writes, as transcript lines, through the redaction hook.
final class MessageTraceTests: XCTestCase {
    /// Learns every `secret` member it sees and hides its value.
    private final class SecretMembers: TraceRedactor, @unchecked Sendable {
        private let lock = NSLock()
        private var secrets: [String] = []
        func learnSecrets(from message: JSON) {
            if let secret = message["params"]?["secret"]?.stringValue { lock.withLock { secrets.append(secret) } }
        }
        func redact(_ text: String) -> String {
            lock.withLock { secrets }.reduce(text) { $0.replacingOccurrences(of: $1, with: "REDACTED") }
        }
    }

    private func traced(framing: Framing, _ talk: (LineConnection) -> Void) throws -> [JSON] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let trace = try MessageTrace(
            path: file.path, arguments: ["--stub-delay-ms", "5"], pathDirectories: ["/cache/dir"], clockMembers: ["lastUpdated"])
        let harness = InProcessServer { server in
            server.trace = trace
            server.traceRedactor = SecretMembers()
            server.register("echo") { params, context in
                context.sendNotification("progress", params: ["file": "/cache/dir/abc"])
                context.succeed(params ?? .null)
            }
        }
        harness.client.framing = framing
        talk(harness.client)
        XCTAssertEqual(harness.closeAndWait(), 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSON.parse(String($0)) }
    }

    func testEveryMessageIsTracedRedactedAndReplayable() throws {
        let lines = try traced(framing: .newline) { client in
            client.send(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":{"secret":"hunter2","note":"hunter2 twice"}}"#)
            _ = client.receive()
            _ = client.receive()
            client.sendRaw(Array("{oops\n".utf8))
            _ = client.receive()
        }
        XCTAssertEqual(lines.first?["comment"]?.stringValue?.hasPrefix("feedvm trace"), true)
        XCTAssertEqual(lines[1], ["args": ["--stub-delay-ms", "5"]])
        XCTAssertEqual(lines[2], ["dir": ">", "msg": ["jsonrpc": "2.0", "id": 1, "method": "echo",
                                                        "params": ["secret": "REDACTED", "note": "REDACTED twice"]]])
        XCTAssertEqual(lines[3], ["dir": "<", "msg": ["jsonrpc": "2.0", "method": "progress", "params": ["file": "$path"]]])
        XCTAssertEqual(lines[4]["msg"]?["result"]?["secret"], "REDACTED")
        XCTAssertEqual(lines[5], ["dir": ">", "raw": "{oops\n"])
        XCTAssertEqual(lines[6]["msg"]?["error"]?["code"], .int(-32700))
        XCTAssertFalse(lines.map(\.jsonString).joined().contains("hunter2"))
    }

    func testClockMembersAreTracedAsAnyIntegerSoATraceReplaysLater() throws {
        let lines = try traced(framing: .newline) { client in
            client.send(#"{"jsonrpc":"2.0","id":2,"method":"echo","params":{"lastUpdated":1733240000123,"inner":{"lastUpdated":5},"lastUpdatedNote":"lastUpdated"}}"#)
            _ = client.receive()
            _ = client.receive()
        }
        XCTAssertEqual(lines[4]["msg"]?["result"], ["lastUpdated": "$integer", "inner": ["lastUpdated": "$integer"], "lastUpdatedNote": "lastUpdated"])
        XCTAssertEqual(lines[2]["msg"]?["params"]?["lastUpdated"], 1733240000123, "what the client sent is kept")
    }

    func testAPingAnsweredWithoutParsingIsTracedToo() throws {
        let lines = try traced(framing: .newline) { client in
            client.send(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)
            _ = client.receive()
        }
        XCTAssertEqual(Array(lines.dropFirst(2)), [
            ["dir": ">", "msg": ["jsonrpc": "2.0", "id": 7, "method": "ping"]],
            ["dir": "<", "msg": ["jsonrpc": "2.0", "id": 7, "result": [:]]],
        ])
    }

    func testAFramedSessionSaysSoAndKeepsItsHeadersInRawLines() throws {
        let lines = try traced(framing: .contentLength) { client in
            client.send(#"{"jsonrpc":"2.0","id":"\ud800","method":"echo"}"#)
            _ = client.receive()
            _ = client.receive()
        }
        XCTAssertEqual(lines[2], ["framing": "content-length"])
        let body = #"{"jsonrpc":"2.0","id":"\ud800","method":"echo"}"#
        XCTAssertEqual(lines[3], ["dir": ">", "raw": .string("Content-Length: \(body.utf8.count)\r\n\r\n" + body)],
                       "a lone surrogate id is kept as the bytes that were sent")
    }
}

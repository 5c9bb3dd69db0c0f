import FeedVMTestSupport
import Foundation
import JSON
import RPC

/// One conversation of `protocol/transcripts/*.jsonl`, replayed against a spawned `feedvm` with
/// the block, stream and placeholder rules of `protocol/transcripts/README.md`.
struct TranscriptReplay {
    /// One `>` or `<` line.
    struct Line {
        let number: Int
        let isClient: Bool
        let message: JSON?
        let raw: JSON?
        let unordered: Bool

        var summary: String { "line \(number): \((message ?? raw ?? .null).jsonString.prefix(200))" }
    }

    let name: String
    let arguments: [String]
    /// `content-length` when a `{"framing": ...}` line says so: messages go both ways framed.
    let framing: Framing
    let lines: [Line]

    /// Reads a transcript file.
    init(contentsOf url: URL) throws {
        name = url.lastPathComponent
        var arguments: [String] = []
        var framing = Framing.newline
        var lines: [Line] = []
        let text = try String(contentsOf: url, encoding: .utf8)
        for (offset, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !row.allSatisfy(\.isWhitespace) {
            let entry: JSON
            do { entry = try JSON.parse(String(row)) } catch { throw TranscriptFailure("\(name):\(offset + 1): \(error)") }
            arguments += entry["args"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if let name = entry["framing"]?.stringValue {
                guard let named = Framing(rawValue: name) else { throw TranscriptFailure("\(self.name):\(offset + 1): unknown framing \(name)") }
                framing = named
            }
            guard let direction = entry["dir"]?.stringValue else { continue }
            lines.append(Line(number: offset + 1, isClient: direction == ">", message: entry["msg"], raw: entry["raw"],
                              unordered: entry["unordered"]?.boolValue ?? false))
        }
        self.arguments = arguments
        self.framing = framing
        self.lines = lines
    }

    /// The conversation cut into blocks: client lines, then the server lines expected after them.
    var blocks: [(sent: [Line], expected: [Line])] {
        var result: [(sent: [Line], expected: [Line])] = []
        var sent: [Line] = []
        var expected: [Line] = []
        for line in lines {
            if line.isClient && !expected.isEmpty {
                result.append((sent, expected))
                (sent, expected) = ([], [])
            }
            if line.isClient { sent.append(line) } else { expected.append(line) }
        }
        if !sent.isEmpty || !expected.isEmpty { result.append((sent, expected)) }
        return result
    }

    /// Replays the conversation against a spawned `feedvm` with a fresh cache directory;
    /// throws the first difference.
    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stderrURL = scratch.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        var stderrTail: String {
            guard let data = try? Data(contentsOf: stderrURL), !data.isEmpty else { return "" }
            return "\n--- feedvm stderr (tail) ---\n" + String(decoding: data.suffix(2000), as: UTF8.self)
        }
        let server = try FeedVMProcess(arguments: ["--cache-dir", scratch.appendingPathComponent("cache").path] + arguments,
                                       stderr: try FileHandle(forWritingTo: stderrURL))
        server.client.framing = framing
        var state = State()
        for block in blocks {
            for line in block.sent { try state.send(line, to: server.client) }
            var pending = block.expected
            while !pending.isEmpty {
                guard let bytes = server.client.readLine() else {
                    throw TranscriptFailure("\(name): no message (end of output or hang guard) while waiting for:\n"
                        + state.eligible(pending).map(\.summary).joined(separator: "\n") + stderrTail)
                }
                let message: JSON
                do { message = try JSON.parse(bytes) } catch {
                    throw TranscriptFailure("\(name): stdout line is not JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
                }
                guard let index = state.take(message, from: pending) else {
                    throw TranscriptFailure("\(name): unexpected message \(message.jsonString.prefix(300))\nwhile waiting for:\n"
                        + state.eligible(pending).map(\.summary).joined(separator: "\n") + "\n" + state.reasons(message, pending) + stderrTail)
                }
                pending.remove(at: index)
            }
        }
        server.client.closeInput()
        let trailing = server.client.receiveUntilEnd()
        if !trailing.isEmpty {
            throw TranscriptFailure("\(name): unexpected message(s) at the end: \(trailing.map(\.jsonString).joined(separator: ", "))")
        }
        let status = server.waitForExit()
        if status != 0 { throw TranscriptFailure("\(name): exit status \(status.map(String.init) ?? "none") after stdin closed\(stderrTail)") }
    }

    /// Variables and the session each request id names.
    private struct State {
        var bindings = TranscriptBindings()
        var sessionOfRequest: [JSON: JSON] = [:]

        mutating func send(_ line: Line, to server: LineConnection) throws {
            if let raw = line.raw { return server.sendRaw(try Self.bytes(of: raw)) }
            guard let template = line.message else { return }
            let message = try bindings.substitute(template)
            for element in message.arrayValue ?? [message] {
                if let id = element["id"], element["method"] != nil {
                    sessionOfRequest[id] = element["params"]?["session"] ?? .null
                }
            }
            server.send(message.jsonString)
        }

        /// The order stream of a message: `session:<id>` for notifications and responses of
        /// session requests, otherwise the response's own id.
        func stream(of message: JSON) -> String {
            if message.arrayValue != nil { return "batch" }
            if message["method"] != nil {
                var session = message["params"]?["session"] ?? .null
                if case .string(let text) = session, text.hasPrefix("$var:"), let bound = bindings[String(text.dropFirst(5))] { session = bound }
                return "session:" + session.jsonString
            }
            let id = message["id"] ?? .null
            if let session = sessionOfRequest[id], !session.isNull { return "session:" + session.jsonString }
            return "id:" + id.jsonString
        }

        /// Expected lines that may match next: unordered ones and the first of each stream.
        func eligible(_ pending: [Line]) -> [Line] {
            var seen = Set<String>()
            return pending.filter { line in
                let stream = stream(of: line.message ?? .null)
                defer { if !line.unordered { seen.insert(stream) } }
                return line.unordered || !seen.contains(stream)
            }
        }

        /// Index in `pending` of the line `message` matches (committing its bindings), if any.
        mutating func take(_ message: JSON, from pending: [Line]) -> Int? {
            for line in eligible(pending) {
                var trial = bindings
                if TranscriptPattern.mismatchOfMessage(line.message ?? .null, message, &trial) == nil {
                    bindings = trial
                    return pending.firstIndex { $0.number == line.number }
                }
            }
            return nil
        }

        func reasons(_ message: JSON, _ pending: [Line]) -> String {
            eligible(pending).filter { stream(of: $0.message ?? .null) == stream(of: message) }.prefix(3).map { line in
                var trial = bindings
                return "  vs line \(line.number): " + (TranscriptPattern.mismatchOfMessage(line.message ?? .null, message, &trial) ?? "")
            }.joined(separator: "\n")
        }

        /// The bytes of a `raw` line: a string, or segments (strings, `{repeat, count}`, `{base64}`).
        static func bytes(of raw: JSON) throws -> [UInt8] {
            var bytes: [UInt8] = []
            for segment in raw.arrayValue ?? [raw] {
                if let text = segment.stringValue {
                    bytes += Array(text.utf8)
                } else if let unit = segment["repeat"]?.stringValue, let count = segment["count"]?.intValue {
                    let pattern = Array(unit.utf8)
                    if pattern.count == 1 {
                        bytes += repeatElement(pattern[0], count: Int(count))
                    } else {
                        for _ in 0..<count { bytes += pattern }
                    }
                } else if let encoded = segment["base64"]?.stringValue, let data = Data(base64Encoded: encoded) {
                    bytes += data
                } else {
                    throw TranscriptFailure("unknown raw segment \(segment.jsonString)")
                }
            }
            return bytes
        }
    }
}

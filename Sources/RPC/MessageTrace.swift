import Foundation
import JSON
import Locking

/// Hides secrets from what `--trace` records. The service supplies one (`RPCServer.traceRedactor`):
/// every traced message passes through it before it reaches the file.
public protocol TraceRedactor: Sendable {
    /// Sees each message the server reads, before it is traced or handled: where the secrets a
    /// message brings (an access key, header values) are learned.
    func learnSecrets(from message: JSON)
    /// `text` (one message's JSON text, or raw input) with every known secret replaced.
    func redact(_ text: String) -> String
}

/// Appends every message the server reads and writes to a file in the transcript format of
/// protocol/transcripts/README.md, so that `python -m feedvm.transcript check FILE` replays it.
///
/// Incoming messages are written as `{"dir": ">", "msg": ...}` (their parsed value) or, when
/// that would not send the same bytes again (invalid JSON, lone surrogate escapes), as `raw`
/// bytes with their line end or header; outgoing ones as `{"dir": "<", "msg": ...}` with the
/// server's own text. Every line passes through the `TraceRedactor`; absolute paths below the
/// given directories (the image cache, fresh in every replay) become `"$path"`, and the integer
/// values of the given clock members (times, different in every replay) `"$integer"`.
public final class MessageTrace: Sendable {
    private struct State {
        var framing = Framing.newline
        var redactor: TraceRedactor?
    }

    /// Also held while writing, so that lines never interleave.
    private let state = Locked(State())
    private let handle: FileHandle
    private let pathDirectories: [String]
    private let clockMembers: [String]

    /// Applied to every traced message; set before the server runs.
    var redactor: TraceRedactor? {
        get { state.withLock { $0.redactor } }
        set { state.withLock { $0.redactor = newValue } }
    }

    /// A trace appended to `path` (created if missing). `arguments` are the server's own
    /// command-line arguments a replay needs; `pathDirectories` hold files named in messages;
    /// `clockMembers` name members whose integer value is a time (`lastUpdated`).
    public init(path: String, arguments: [String], pathDirectories: [String], clockMembers: [String] = []) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        self.pathDirectories = pathDirectories.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.clockMembers = clockMembers
        let comment = "feedvm trace, pid \(ProcessInfo.processInfo.processIdentifier), started \(Date())"
        append(["comment": .string(comment)])
        if !arguments.isEmpty { append(["args": .array(arguments.map(JSON.string))]) }
    }

    /// The input's framing is known: a framed conversation says so before its first message.
    func use(_ framing: Framing) {
        state.withLock { $0.framing = framing }
        if framing == .contentLength { append(["framing": .string(framing.rawValue)]) }
    }

    /// One message read, `body` being its bytes (a line without its end, or a framed body).
    func incoming(_ body: ArraySlice<UInt8>, parsed: JSON?) {
        if let parsed { redactor?.learnSecrets(from: parsed) }
        if let parsed, !Self.hasSurrogateEscape(body) {
            appendLine(prefix: #"{"dir":">","msg":"#, text: parsed.jsonString)
            return
        }
        let framing = state.withLock { $0.framing }
        var bytes = Array(body)
        switch framing {
        case .newline: bytes.append(0x0A)
        case .contentLength: bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + bytes
        }
        appendRaw(bytes)
    }

    /// A message the framing refused; recorded as input that draws the same answer when the
    /// reason is its size, as a comment otherwise.
    func rejected(_ reason: String, maxMessageBytes: Int) {
        guard reason == MessageReader.oversized(maxMessageBytes) else {
            return append(["comment": .string("input refused, not replayable: \(reason)")])
        }
        let framing = state.withLock { $0.framing }
        let filler: JSON = ["repeat": " ", "count": .int(Int64(maxMessageBytes + 1))]
        switch framing {
        case .newline: append(["dir": ">", "raw": [filler, "\n"]])
        case .contentLength: append(["dir": ">", "raw": [.string("Content-Length: \(maxMessageBytes + 1)\r\n\r\n"), filler]])
        }
    }

    /// One message written, `body` being its JSON text.
    func outgoing(_ body: OutputBuffer) {
        var text = ""
        for piece in body.allPieces {
            switch piece {
            case .bytes(let bytes): text += String(decoding: bytes, as: UTF8.self)
            case .base64(let data): text += data.base64EncodedString()
            }
        }
        appendLine(prefix: #"{"dir":"<","msg":"#, text: replacingClockValues(replacingPaths(text)))
    }

    private func appendLine(prefix: String, text: String) {
        write(prefix + (redactor?.redact(text) ?? text) + "}\n")
    }

    private func appendRaw(_ bytes: [UInt8]) {
        if let text = String(validating: bytes, as: UTF8.self) {
            let redacted = redactor?.redact(text) ?? text
            append(["dir": ">", "raw": .string(redacted)])
        } else {
            append(["dir": ">", "raw": [["base64": .string(Data(bytes).base64EncodedString())]]])
        }
    }

    private func append(_ line: JSON) {
        write(line.jsonString + "\n")
    }

    private func write(_ line: String) {
        state.withLock { _ in handle.write(Data(line.utf8)) }
    }

    /// `text` with every JSON string naming a file below a path directory made `"$path"`.
    private func replacingPaths(_ text: String) -> String {
        var result = text
        for directory in pathDirectories {
            let opening = "\"" + directory + "/"
            while let start = result.range(of: opening) {
                guard let end = result[start.upperBound...].firstIndex(of: "\"") else { break }
                result.replaceSubrange(start.lowerBound...end, with: "\"$path\"")
            }
        }
        return result
    }

    /// `text` with the integer value of every clock member made `"$integer"`.
    private func replacingClockValues(_ text: String) -> String {
        var result = text
        for member in clockMembers {
            let opening = "\"" + member + "\":"
            var output = ""
            var rest = result[...]
            while let start = rest.range(of: opening) {
                output += rest[..<start.upperBound]
                rest = rest[start.upperBound...]
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty {
                    output += "\"$integer\""
                    rest = rest[digits.endIndex...]
                }
            }
            result = output + rest
        }
        return result
    }

    /// `\uD800`...`\uDFFF` written in the text: the parsed value would not send the same string.
    private static func hasSurrogateEscape(_ body: ArraySlice<UInt8>) -> Bool {
        guard body.count >= 6 else { return false }
        for index in body.startIndex..<(body.endIndex - 5) where body[index] == UInt8(ascii: "\\") && body[index + 1] == UInt8(ascii: "u") {
            if body[index + 2] | 0x20 == UInt8(ascii: "d"), "89abAB".utf8.contains(body[index + 3]) { return true }
        }
        return false
    }
}

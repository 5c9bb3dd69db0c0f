import Foundation
import JSON
import RPC
import XCTest

/// The client side of a JSON-RPC conversation over two file descriptors: one message per line,
/// or framed with `Content-Length` headers when `framing` says so (both directions).
///
/// Reads wait with `poll` and give up after `timeout` seconds, so a broken server fails the
/// test instead of hanging it; the timeout is a hang guard, not a timing assertion.
public final class LineConnection {
    /// How `send` frames messages and `readLine` expects the server's.
    public var framing: Framing = .newline
    private let input: Int32  // we write requests here
    private let output: Int32  // we read answers here
    private var buffer: [UInt8] = []
    private var sawEndOfOutput = false
    private var isInputClosed = false
    public let timeout: Double

    public init(writingTo input: Int32, readingFrom output: Int32, timeout: Double = 30) {
        self.input = input
        self.output = output
        self.timeout = timeout
    }

    /// Writes `text` as one message: followed by a newline, or after a `Content-Length` header.
    public func send(_ text: String) {
        sendRaw(framed(text))
    }

    /// `text` framed as `send` would write it.
    public func framed(_ text: String) -> [UInt8] {
        switch framing {
        case .newline: return Array(text.utf8) + [0x0A]
        case .contentLength: return Array("Content-Length: \(text.utf8.count)\r\n\r\n".utf8) + Array(text.utf8)
        }
    }

    /// Writes `bytes` as they are.
    public func sendRaw(_ bytes: [UInt8]) { Self.write(bytes, to: input) }

    /// Writes `text` from another thread, for inputs larger than the pipe while the test reads.
    public func sendInBackground(_ text: String) {
        sendInBackground(Array(text.utf8))
    }

    /// Writes `bytes` from another thread.
    public func sendInBackground(_ bytes: [UInt8]) {
        let descriptor = input
        Thread { Self.write(bytes, to: descriptor) }.start()
    }

    private static func write(_ bytes: [UInt8], to input: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                precondition(written > 0, "write to the server failed: errno \(errno)")
                offset += written
            }
        }
    }

    /// Closes the server's stdin.
    public func closeInput() {
        guard !isInputClosed else { return }
        isInputClosed = true
        close(input)
    }

    /// The next message (a line without its newline, or a framed body), or `nil` at the end of
    /// output. A framed message whose header is not exactly `Content-Length: N` fails the test.
    public func readLine(file: StaticString = #filePath, line: UInt = #line) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let message = takeMessage(file: file, line: line) { return message }
            if sawEndOfOutput {
                if !buffer.isEmpty {
                    XCTFail("a partial message at the end of output: \(buffer.prefix(200))", file: file, line: line)
                    buffer.removeAll()
                }
                return nil
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard poll(&descriptor, 1, remaining) > 0 else {
                XCTFail("no answer from the server within \(timeout) s", file: file, line: line)
                return nil
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { sawEndOfOutput = true } else { buffer.append(contentsOf: chunk[..<count]) }
        }
    }

    /// Every byte the server writes from now until it closes its output, unframed.
    public func readAll(file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
        var bytes = buffer
        buffer = []
        while !sawEndOfOutput {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else {
                XCTFail("the server did not close its output within \(timeout) s", file: file, line: line)
                break
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { sawEndOfOutput = true } else { bytes.append(contentsOf: chunk[..<count]) }
        }
        return bytes
    }

    /// Removes and returns the first complete message in `buffer`.
    private func takeMessage(file: StaticString, line: UInt) -> [UInt8]? {
        switch framing {
        case .newline:
            guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
            defer { buffer.removeSubrange(...newline) }
            return Array(buffer[..<newline])
        case .contentLength:
            let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
            guard let headerEnd = buffer.indices.dropLast(3).first(where: { buffer[$0..<$0 + 4].elementsEqual(separator) }) else {
                return nil
            }
            let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
            guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
                XCTFail("not a Content-Length header: \(header.debugDescription)", file: file, line: line)
                buffer.removeAll()
                return nil
            }
            let bodyStart = headerEnd + 4
            guard buffer.count - bodyStart >= length else { return nil }
            defer { buffer.removeSubrange(..<(bodyStart + length)) }
            return Array(buffer[bodyStart..<bodyStart + length])
        }
    }

    /// The next message parsed as JSON; fails the test at the end of output.
    public func receive(file: StaticString = #filePath, line: UInt = #line) -> JSON {
        guard let bytes = readLine(file: file, line: line) else {
            XCTFail("the server closed its output", file: file, line: line)
            return .null
        }
        do {
            return try JSON.parse(bytes)
        } catch {
            XCTFail("not JSON: \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
            return .null
        }
    }

    /// Every remaining line until the server closes its output.
    public func receiveUntilEnd(file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
        var messages: [JSON] = []
        while let bytes = readLine(file: file, line: line) {
            guard let message = try? JSON.parse(bytes) else {
                XCTFail("not JSON: \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
                continue
            }
            messages.append(message)
        }
        return messages
    }

    /// Sends `text`, then sends a `ping` with `probeID` and returns everything answered before
    /// the probe's answer: proof that nothing more is coming for `text` (answers stay in order
    /// for the reader-thread methods used here).
    public func exchange(_ text: String, probeID: String = "probe", file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
        send(text)
        send(#"{"jsonrpc":"2.0","id":"\#(probeID)","method":"ping"}"#)
        var answers: [JSON] = []
        while true {
            let message = receive(file: file, line: line)
            if message == .null { return answers }
            if message["id"] == .string(probeID) { return answers }
            answers.append(message)
        }
    }
}

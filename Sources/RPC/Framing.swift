/// How messages are delimited on stdin and stdout (protocol/README.md, section 1).
public enum Framing: String, Sendable, CaseIterable {
    /// One JSON text per line, `\n` terminated (`\r\n` accepted).
    case newline
    /// The LSP base protocol: `Content-Length: N` (and optionally `Content-Type`) header lines
    /// ending in `\r\n`, an empty line, then exactly N bytes of UTF-8 JSON.
    case contentLength = "content-length"

    /// The framing whose header a stream starting with `bytes` (leading whitespace skipped)
    /// begins with; `nil` while `bytes` is too short to tell. A stream that starts with a
    /// `Content-Length:` or `Content-Type:` header (any letter case) is framed, anything else
    /// is newline-delimited.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> Framing? {
        var candidates: [StaticString] = ["content-length:", "content-type:"]
        for (offset, byte) in bytes.enumerated() {
            let lowered = byte | (byte &- UInt8(ascii: "A") < 26 ? 0x20 : 0)
            candidates.removeAll { offset >= $0.utf8CodeUnitCount || $0.utf8Start[offset] != lowered }
            if candidates.isEmpty { return .newline }
            if candidates.contains(where: { $0.utf8CodeUnitCount == offset + 1 }) { return .contentLength }
        }
        return nil
    }

    /// Appends `body` (one message's JSON text) framed this way.
    func appendMessage(_ body: [UInt8], to output: inout [UInt8]) {
        switch self {
        case .newline:
            output.append(contentsOf: body)
            output.append(0x0A)
        case .contentLength:
            Framing.withHeader(bodyLength: body.count) { output.append(contentsOf: $0) }
            output.append(contentsOf: body)
        }
    }

    private static let headerPrefix: StaticString = "Content-Length: "

    /// The byte count of the header of a body of `bodyLength` bytes.
    static func headerLength(bodyLength: Int) -> Int {
        var digits = 1
        var rest = bodyLength / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return headerPrefix.utf8CodeUnitCount + digits + 4
    }

    /// Calls `body` with `Content-Length: N\r\n\r\n`, built on the stack.
    static func withHeader(bodyLength: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { header in
            let count = writeHeader(bodyLength: bodyLength, to: header.baseAddress!)
            body(UnsafeBufferPointer(rebasing: header[..<count]))
        }
    }

    /// Writes `Content-Length: N\r\n\r\n` at `destination` (room for 40 bytes); returns its length.
    @inline(__always)
    static func writeHeader(bodyLength: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let prefixCount = headerPrefix.utf8CodeUnitCount
        let length = headerLength(bodyLength: bodyLength)
        destination.initialize(from: headerPrefix.utf8Start, count: prefixCount)
        var value = bodyLength
        var position = length - 5
        repeat {
            destination[position] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
            position -= 1
        } while value > 0
        destination[length - 4] = 0x0D
        destination[length - 3] = 0x0A
        destination[length - 2] = 0x0D
        destination[length - 1] = 0x0A
        return length
    }
}

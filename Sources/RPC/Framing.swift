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

    /// Appends one message framed this way: `encodeBody` appends its JSON text.
    @inline(__always)
    func appendMessage(to output: inout [UInt8], _ encodeBody: (inout [UInt8]) -> Void) {
        switch self {
        case .newline:
            encodeBody(&output)
            output.append(0x0A)
        case .contentLength:
            let start = output.count
            encodeBody(&output)
            Framing.withHeader(bodyLength: output.count - start) { output.insert(contentsOf: $0, at: start) }
        }
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

    /// Calls `body` with `Content-Length: N\r\n\r\n`, built on the stack.
    @inline(__always)
    static func withHeader(bodyLength: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { header in
            let prefixCount = headerPrefix.utf8CodeUnitCount
            _ = header.initialize(from: UnsafeBufferPointer(start: headerPrefix.utf8Start, count: prefixCount))
            var digitCount = 1
            var rest = bodyLength / 10
            while rest > 0 {
                digitCount += 1
                rest /= 10
            }
            var value = bodyLength
            for position in stride(from: prefixCount + digitCount - 1, through: prefixCount, by: -1) {
                header[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            let end = prefixCount + digitCount
            header[end] = 0x0D
            header[end + 1] = 0x0A
            header[end + 2] = 0x0D
            header[end + 3] = 0x0A
            body(UnsafeBufferPointer(rebasing: header[..<(end + 4)]))
        }
    }
}

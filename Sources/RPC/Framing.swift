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
    static func detect(_ bytes: ArraySlice<UInt8>) -> Framing? {
        var candidates = [Array("content-length:".utf8), Array("content-type:".utf8)]
        for (offset, byte) in bytes.enumerated() {
            let lowered = Self.lowercased(byte)
            candidates.removeAll { offset >= $0.count || $0[offset] != lowered }
            if candidates.isEmpty { return .newline }
            if candidates.contains(where: { $0.count == offset + 1 }) { return .contentLength }
        }
        return nil
    }

    /// `byte`, an ASCII capital made lower case.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// Appends what goes before a body of `bodyLength` bytes: nothing for a line,
    /// `Content-Length: N\r\n\r\n` for a framed message.
    func appendHead(bodyLength: Int, to output: inout [UInt8]) {
        guard self == .contentLength else { return }
        output.append(contentsOf: "Content-Length: ".utf8)
        output.append(contentsOf: String(bodyLength).utf8)
        output.append(contentsOf: [0x0D, 0x0A, 0x0D, 0x0A])
    }

    /// Appends what goes after a body: `\n` after a line, nothing after a framed message.
    func appendTail(to output: inout [UInt8]) {
        if self == .newline { output.append(0x0A) }
    }

    /// Appends `body` (one message's JSON text) framed this way.
    func appendMessage(_ body: [UInt8], to output: inout [UInt8]) {
        appendHead(bodyLength: body.count, to: &output)
        output.append(contentsOf: body)
        appendTail(to: &output)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

/// The fast path for the common line: one flat request envelope, scanned in place.
///
/// Accepts only `{"jsonrpc":"2.0","id":<int|plain string|null>,"method":"<plain>","params":...}`
/// with the members in any order, each at most once, and no other members. "Plain" means
/// printable ASCII without escapes, so the values read here are exactly what the full parser
/// would produce. `params` is parsed by the full parser on its own byte range, with the same
/// nesting limit the whole message has (less the envelope's level). Anything else
/// returns `nil` and the caller takes the general path, which gives the same answer, slower.
struct RequestScanner {
    /// The request read from the line.
    struct Envelope {
        /// The id, or `nil` for a notification.
        var id: RequestID?
        /// The method name's bytes, valid while the line is.
        var methodBytes: UnsafeRawBufferPointer
        var params: JSON?
        /// The text of `params`, valid while the line is.
        var paramsText: UnsafeRawBufferPointer?
    }

    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    private var offset = 0

    private init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The envelope of `line`, or `nil` when the line needs the general path; `maxDepth` is the
    /// nesting limit of the whole message, as the general path applies it.
    static func scan(_ line: UnsafeRawBufferPointer, maxDepth: Int) -> Envelope? {
        var scanner = RequestScanner(bytes: line, maxDepth: maxDepth)
        if let envelope = scanner.scanCanonicalEnvelope() { return envelope }
        scanner.offset = 0
        return scanner.scanEnvelope()
    }

    private var current: UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    private mutating func skipWhitespace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0D || bytes[offset] == 0x0A {
            offset += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        offset += 1
        return true
    }

    /// The members in the order clients write them, without whitespace:
    /// `{"jsonrpc":"2.0","id":<id>,"method":"<name>"[,"params":<object|array>]}`. One pass of
    /// literal matches, no member loop; anything else returns `nil` for `scanEnvelope`.
    private mutating func scanCanonicalEnvelope() -> Envelope? {
        guard consume(#"{"jsonrpc":"2.0","id":"#), let id = scanID(),
              consume(#","method":"#), let method = plainString() else { return nil }
        var params: JSON?
        var paramsText: UnsafeRawBufferPointer?
        if consume(#","params":"#) {
            guard let range = skipStructuredValue() else { return nil }
            paramsText = UnsafeRawBufferPointer(rebasing: bytes[range])
            guard let parsed = parseParams(paramsText!) else { return nil }
            params = parsed
        }
        guard consume(UInt8(ascii: "}")), offset == bytes.count else { return nil }
        return Envelope(id: id, methodBytes: method, params: params, paramsText: paramsText)
    }

    private mutating func scanEnvelope() -> Envelope? {
        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return nil }
        var sawVersion = false
        var id: RequestID?
        var method: UnsafeRawBufferPointer?
        var paramsRange: Range<Int>?
        repeat {
            skipWhitespace()
            // Member names are matched whole, quotes included, rather than scanned byte by byte.
            if consume(#""jsonrpc""#) {
                guard expectColon(), !sawVersion, consume(#""2.0""#) else { return nil }
                sawVersion = true
            } else if consume(#""id""#) {
                guard expectColon(), id == nil, let value = scanID() else { return nil }
                id = value
            } else if consume(#""method""#) {
                guard expectColon(), method == nil, let name = plainString() else { return nil }
                method = name
            } else if consume(#""params""#) {
                guard expectColon(), paramsRange == nil, let range = skipStructuredValue() else { return nil }
                paramsRange = range
            } else {
                return nil
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard offset == bytes.count, sawVersion, let method else { return nil }
        var params: JSON?
        var paramsText: UnsafeRawBufferPointer?
        if let paramsRange {
            paramsText = UnsafeRawBufferPointer(rebasing: bytes[paramsRange])
            guard let parsed = parseParams(paramsText!) else { return nil }
            params = parsed
        }
        return Envelope(id: id, methodBytes: method, params: params, paramsText: paramsText)
    }

    /// `params` parsed one level less deep than the message: it sits inside the envelope.
    private func parseParams(_ text: UnsafeRawBufferPointer) -> JSON? {
        try? JSON.parse(text, maxDepth: maxDepth - 1)
    }

    /// Consumes `literal` if the input continues with exactly it.
    @inline(__always)
    private mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count, memcmp(bytes.baseAddress! + offset, literal.utf8Start, count) == 0 else {
            return false
        }
        offset += count
        return true
    }

    /// Consumes the `:` after a member name, with the whitespace around it.
    private mutating func expectColon() -> Bool {
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        return true
    }

    /// A string of printable ASCII without escapes; returns its contents.
    private mutating func plainString() -> UnsafeRawBufferPointer? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = offset
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        var index = start
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return UnsafeRawBufferPointer(start: base + start, count: index - start)
            }
            // Printable ASCII (0x20...0x7E) except the backslash.
            if byte &- 0x20 >= 0x5F || byte == UInt8(ascii: "\\") { return nil }
            index += 1
        }
        return nil
    }

    /// An integer id that fits `Int64` (no sign on zero), a plain string id, or null: ids
    /// written exactly as their value encodes, so the value alone echoes them.
    private mutating func scanID() -> RequestID? {
        switch current {
        case UInt8(ascii: "\""):
            guard let text = plainString() else { return nil }
            return RequestID(canonical: .string(String(decoding: text, as: UTF8.self)))
        case UInt8(ascii: "n"):
            guard bytes.count - offset >= 4, bytes[offset + 1] == UInt8(ascii: "u"),
                  bytes[offset + 2] == UInt8(ascii: "l"), bytes[offset + 3] == UInt8(ascii: "l") else { return nil }
            offset += 4
            return .null
        default:
            let negative = consume(UInt8(ascii: "-"))
            let digitsStart = offset
            var value: Int64 = 0
            while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 {
                let digit = Int64(bytes[offset] &- UInt8(ascii: "0"))
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(digit)
                guard !overflow1, !overflow2 else { return nil }
                value = sum
                offset += 1
            }
            let digits = offset - digitsStart
            guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
            guard !(negative && value == 0) else { return nil }
            switch current {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: return RequestID(canonical: .int(negative ? -value : value))
            }
        }
    }

    /// The byte range of an object or array value, found by bracket counting; validity is left to
    /// the parser that reads the range.
    private mutating func skipStructuredValue() -> Range<Int>? {
        guard current == UInt8(ascii: "{") || current == UInt8(ascii: "[") else { return nil }
        let start = offset
        var depth = 0
        var inString = false
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    offset += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return start..<offset }
            default: break
            }
        }
        return nil
    }
}

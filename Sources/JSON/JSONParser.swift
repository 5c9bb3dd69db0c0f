#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive-descent parser over raw bytes.
///
/// Hot loops read through an `UnsafePointer` with explicit `offset < count` checks only where the
/// grammar needs them; strings without escapes become a `String` straight from the input bytes,
/// and numbers are read without an intermediate `String` unless they need full `strtod` rounding.
struct JSONParser {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private let maxDepth: Int
    private var offset = 0
    private var depth = 0
    /// Reused for strings that contain escapes, so each does not allocate its own buffer.
    private var scratch: [UInt8] = []

    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == count else { throw error("unexpected data after the JSON value") }
        return value
    }

    // MARK: - Structure

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset)
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// The byte at `offset`, or 0 at the end (0 is never valid outside a string).
    @inline(__always) private var current: UInt8 { offset < count ? bytes[offset] : 0 }

    @inline(__always) private mutating func skipWhitespace() {
        while offset < count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSON {
        guard offset < count else { throw error("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case let byte: throw error("unexpected character \(describe(byte))")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        guard count - offset >= length, memcmp(bytes + offset, literal.utf8Start, length) == 0 else {
            throw error("invalid literal")
        }
        offset += length
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth)") }
        offset += 1
        skipWhitespace()
    }

    private mutating func parseArray() throws(JSONParseError) -> JSON {
        try enterContainer()
        var elements: [JSON] = []
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' in array")
            }
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSON {
        try enterContainer()
        var object = JSONObject()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(object)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
            offset += 1
            skipWhitespace()
            object[key] = try parseValue()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(object)
            default:
                throw error("expected ',' or '}' in object")
            }
        }
    }

    // MARK: - Numbers

    @inline(__always) private func digit(at position: Int) -> UInt64? {
        guard position < count else { return nil }
        let value = bytes[position] &- UInt8(ascii: "0")
        return value < 10 ? UInt64(value) : nil
    }

    /// Reads a number, accumulating up to 19 digits in a `UInt64`. Integers that fit `Int64`
    /// come out exact; a double with at most 15 significant digits and a decimal exponent
    /// within ±22 is computed exactly as `mantissa × 10^e` or `mantissa ÷ 10^e` (Clinger's
    /// fast path: both operands are exact doubles, so the one rounding is the correct one);
    /// everything else goes through the standard library's correctly rounded text conversion.
    private mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = offset
        let isNegative = bytes[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        guard let first = digit(at: offset) else { throw error("expected a digit") }
        var mantissa: UInt64 = 0
        var digitCount = 0
        if first == 0 {
            offset += 1
            if digit(at: offset) != nil { throw error("leading zero in number") }
        } else {
            while let next = digit(at: offset) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ next }
                digitCount += 1
                offset += 1
            }
        }
        var exponent = 0
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard digit(at: offset) != nil else { throw error("expected a digit after '.'") }
            while let next = digit(at: offset) {
                if digitCount < 19 {
                    mantissa = mantissa &* 10 &+ next
                    exponent -= 1
                }
                if mantissa != 0 { digitCount += 1 }
                offset += 1
            }
        }
        if current | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            var exponentIsNegative = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                exponentIsNegative = current == UInt8(ascii: "-")
                offset += 1
            }
            guard digit(at: offset) != nil else { throw error("expected a digit in exponent") }
            var written = 0
            while let next = digit(at: offset) {
                if written < 100_000 { written = written * 10 + Int(next) }
                offset += 1
            }
            exponent += exponentIsNegative ? -written : written
        }
        if isInteger, digitCount <= 19 {
            if !isNegative, mantissa <= UInt64(Int64.max) { return .int(Int64(mantissa)) }
            if isNegative, mantissa <= UInt64(Int64.max) + 1 { return .int(Int64(truncatingIfNeeded: 0 &- mantissa)) }
        }
        if digitCount <= 15, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            let scale = Self.powersOfTen[exponent < 0 ? -exponent : exponent]
            value = exponent < 0 ? value / scale : value * scale
            return .double(isNegative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: offset - start), as: UTF8.self)
        guard let value = Double(text) else { throw JSONParseError(reason: "unreadable number", offset: start) }
        guard value.isFinite else { throw JSONParseError(reason: "number out of range", offset: start) }
        return .double(value)
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    // MARK: - Strings

    /// Reads a string. The common case, no escapes, validates UTF-8 in place and builds the
    /// `String` from the input bytes; an escape switches to copying through `scratch`.
    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1  // opening quote
        let start = offset
        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: offset - start), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte &- 0x20 < 0x60 {
                offset += 1
            } else if byte < 0x20 {
                throw error("unescaped control character in string")
            } else {
                offset += try utf8SequenceLength()
            }
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: offset - start))
        while true {
            guard offset < count else { throw error("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                try parseEscape()
            } else if byte &- 0x20 < 0x60 {
                scratch.append(byte)
                offset += 1
            } else if byte < 0x20 {
                throw error("unescaped control character in string")
            } else {
                let length = try utf8SequenceLength()
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + offset, count: length))
                offset += length
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) {
        guard offset < count else { throw error("unterminated escape") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"): appendUTF8(try parseUnicodeEscape())
        default:
            offset -= 1
            throw error("invalid escape \\\(describe(byte))")
        }
    }

    /// Reads the `XXXX` of `\uXXXX`, joining a surrogate pair written as two escapes.
    /// A lone or reversed surrogate half becomes U+FFFD instead of an error.
    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let unit = UInt32(try parseHex4())
        switch unit {
        case 0xD800..<0xDC00:
            if count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                let saved = offset
                offset += 2
                let low = UInt32(try parseHex4())
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                }
                offset = saved  // the second escape stands on its own
            }
            return "\u{FFFD}"
        case 0xDC00..<0xE000:
            return "\u{FFFD}"
        default:
            return Unicode.Scalar(unit)!
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard count - offset >= 4 else { throw error("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        for unit in UTF8.encode(scalar)! { scratch.append(unit) }
    }

    /// The length of the valid multi-byte UTF-8 sequence at `offset`; rejects overlongs,
    /// encoded surrogates, values above U+10FFFF, bad continuations and truncation.
    @inline(__always) private func utf8SequenceLength() throws(JSONParseError) -> Int {
        let lead = bytes[offset]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw error("invalid UTF-8")
        }
        guard count - offset >= length else { throw error("truncated UTF-8") }
        let second = bytes[offset + 1]
        guard second >= lowerBound, second <= upperBound else { throw error("invalid UTF-8") }
        if length > 2 {
            guard bytes[offset + 2] & 0xC0 == 0x80 else { throw error("invalid UTF-8") }
            if length > 3 {
                guard bytes[offset + 3] & 0xC0 == 0x80 else { throw error("invalid UTF-8") }
            }
        }
        return length
    }
}

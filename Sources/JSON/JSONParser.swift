/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "unexpected character 'x'".
    public let reason: String
    /// Byte offset into the input where the problem was found.
    public let offset: Int

    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSON {
    /// Nesting deeper than this is rejected with an error instead of risking the stack.
    public static let defaultMaxDepth = 512

    /// Parses one JSON text (RFC 8259, strict): surrounding whitespace allowed, nothing else.
    public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// Parses one JSON text held in `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        let result: Result<JSON, JSONParseError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSON in try parse(buffer, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    /// Parses one JSON text held in `text`.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// A recursive-descent parser over raw bytes; validates UTF-8 inside strings as it copies them.
struct JSONParser {
    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    private var offset = 0
    private var depth = 0

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected data after the JSON value") }
        return value
    }

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset)
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSON {
        guard let byte = current else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(describe(byte))")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { throw error("invalid literal") }
        let start = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != start[index] {
            throw error("invalid literal")
        }
        offset += count
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

    private mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = offset
        var isInteger = true
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = current, isDigit(next) { throw error("leading zero in number") }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard let next = current, isDigit(next) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard let next = current, isDigit(next) else { throw error("expected a digit in exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .int(integer) }
        guard let double = Double(text) else { throw JSONParseError(reason: "unreadable number", offset: start) }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { offset += 1 }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1  // opening quote
        let start = offset
        // Fast path: no escapes and plain ASCII.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            offset += 1
        }
        var scalars: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw error("unescaped control character in string")
            case 0x80...:
                try copyUTF8Sequence(into: &scalars)
            default:
                scalars.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw error("unterminated escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try parseHex4())
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must pair with a low one; a lone half becomes U+FFFD, as
                // browsers do, instead of rejecting text that RFC 8259 permits.
                if bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                    let saved = offset
                    offset += 2
                    let low = UInt32(try parseHex4())
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        offset = saved
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = 0xFFFD
            }
            appendUTF8(Unicode.Scalar(scalar)!, to: &output)
        default:
            offset -= 1
            throw error("invalid escape \\\(describe(byte))")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard bytes.count - offset >= 4 else { throw error("truncated \\u escape") }
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

    private func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Copies one multi-byte UTF-8 sequence, rejecting overlongs, surrogates and bad continuations.
    private mutating func copyUTF8Sequence(into output: inout [UInt8]) throws(JSONParseError) {
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
        guard bytes.count - offset >= length else { throw error("truncated UTF-8") }
        for index in 1..<length {
            let byte = bytes[offset + index]
            let range = index == 1 ? lowerBound...upperBound : 0x80...0xBF
            guard range.contains(byte) else { throw error("invalid UTF-8") }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]))
        offset += length
    }
}

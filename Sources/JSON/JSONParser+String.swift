extension JSONParser {
    /// Reads a string. The common case, no escapes, validates UTF-8 in place and builds the
    /// `String` from the input bytes; an escape switches to copying through `scratch`.
    mutating func parseString() throws(JSONParseError) -> String {
        offset += 1  // opening quote
        let start = offset
        var isASCII = true
        if try skipUnescaped(isASCII: &isASCII) == UInt8(ascii: "\"") {
            let text = string(from: start, isASCII: isASCII)
            offset += 1
            stringHadEscape = false
            return text
        }
        stringHadEscape = true
        work.pointee.scratch.removeAll(keepingCapacity: true)
        work.pointee.scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: offset - start))
        while true {
            guard offset < count else { throw error("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: work.pointee.scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                try parseEscape()
            } else if byte &- 0x20 < 0x60 {
                work.pointee.scratch.append(byte)
                offset += 1
            } else if byte < 0x20 {
                throw error("unescaped control character in string")
            } else {
                let length = try utf8SequenceLength()
                work.pointee.scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + offset, count: length))
                offset += length
            }
        }
    }

    /// Moves past a string, validating it, without making it unless it was written with an
    /// escape: then its value is returned (`stringHadEscape` says which).
    mutating func skipString() throws(JSONParseError) -> String? {
        let quote = offset
        offset += 1
        var isASCII = true
        guard try skipUnescaped(isASCII: &isASCII) == UInt8(ascii: "\"") else {
            offset = quote
            return try parseString()
        }
        offset += 1
        stringHadEscape = false
        return nil
    }

    /// Moves past a string's characters up to its closing quote or its first escape, validating
    /// them, and returns the byte it stopped at (a quote or a backslash); `isASCII` turns false
    /// if a character outside ASCII was passed.
    @inline(__always) private mutating func skipUnescaped(isASCII: inout Bool) throws(JSONParseError) -> UInt8 {
        skipPlainASCII()
        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return byte }
            if byte &- 0x20 < 0x60 {
                offset += 1
            } else if byte < 0x20 {
                throw error("unescaped control character in string")
            } else {
                offset += try utf8SequenceLength()
                isASCII = false
            }
        }
        throw error("unterminated string")
    }

    /// The string of the validated UTF-8 bytes from `start` to `offset`. Short ASCII text is
    /// looked up among the strings made before, when there is a table of them, or else filled
    /// into a small string in place, which needs no second validation.
    @inline(__always) private mutating func string(from start: Int, isASCII: Bool) -> String {
        let length = offset - start
        guard isASCII, length <= 15 else { return String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self) }
        if !work.pointee.shortStrings.isEmpty { return work.pointee.shortStrings.string(bytes + start, length: length, readable: count - start) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer.baseAddress!.initialize(from: bytes + start, count: length)
            return length
        }
    }

    /// Skips 8 bytes at a time while none of them is a quote, a backslash, a control character
    /// or non-ASCII (SWAR: each test sets the high bit of a lane whose byte matches), then to
    /// the first such byte.
    @inline(__always) private mutating func skipPlainASCII() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while count - offset >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word) & highBits
            if special != 0 {
                // The lowest flagged lane is a true match: a borrow only flags lanes above one.
                offset += special.trailingZeroBitCount >> 3
                return
            }
            offset += 8
        }
    }

    private mutating func parseEscape() throws(JSONParseError) {
        guard offset < count else { throw error("unterminated escape") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): work.pointee.scratch.append(0x22)
        case UInt8(ascii: "\\"): work.pointee.scratch.append(0x5C)
        case UInt8(ascii: "/"): work.pointee.scratch.append(0x2F)
        case UInt8(ascii: "b"): work.pointee.scratch.append(0x08)
        case UInt8(ascii: "f"): work.pointee.scratch.append(0x0C)
        case UInt8(ascii: "n"): work.pointee.scratch.append(0x0A)
        case UInt8(ascii: "r"): work.pointee.scratch.append(0x0D)
        case UInt8(ascii: "t"): work.pointee.scratch.append(0x09)
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
        for unit in UTF8.encode(scalar)! { work.pointee.scratch.append(unit) }
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

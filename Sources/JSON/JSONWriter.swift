/// Byte-level writers for JSON scalars, shared by the serializer and by hand-built messages
/// (e.g. an RPC reply written around an already-serialized result).
public enum JSONWriter {
    /// Appends the bytes of `literal` as they are (`null`, `{"jsonrpc":"2.0",`...); the caller
    /// vouches that they are valid JSON in place.
    public static func appendLiteral(_ literal: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal.
    public static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value >= 0 && value < 10 {
            output.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var position = scratch.count
            repeat {
                position -= 1
                scratch[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                position -= 1
                scratch[position] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[position...]))
        }
    }

    /// Appends `value` as the shortest text that reads back to the same `Double`;
    /// non-finite values, which JSON cannot carry, become `null`.
    public static func appendDouble(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else {
            appendLiteral("null", to: &output)
            return
        }
        if value > -1e15, value < 1e15, value == value.rounded(.towardZero) {
            // An integral double keeps a ".0" so it reads back as a double, not an integer.
            if value == 0, value.sign == .minus { output.append(UInt8(ascii: "-")) }
            appendInteger(Int64(value), to: &output)
            output.append(UInt8(ascii: "."))
            output.append(UInt8(ascii: "0"))
            return
        }
        output.append(contentsOf: value.description.utf8)
    }

    /// Appends `value` as a quoted JSON string with the escapes that keep it on one line:
    /// `\"`, `\\`, the short forms `\n \r \t \b \f`, `\u00XX` for other control characters and
    /// DEL, and `\u2028`/`\u2029` for the Unicode line and paragraph separators.
    public static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let count = utf8.count
            var runStart = 0
            var index = 0
            while index < count {
                index = skipPlainASCII(base, from: index, count: count)
                guard index < count else { break }
                let byte = base[index]
                let escape: UInt8
                switch byte {
                case UInt8(ascii: "\""): escape = UInt8(ascii: "\"")
                case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
                case 0x0A: escape = UInt8(ascii: "n")
                case 0x0D: escape = UInt8(ascii: "r")
                case 0x09: escape = UInt8(ascii: "t")
                case 0x08: escape = UInt8(ascii: "b")
                case 0x0C: escape = UInt8(ascii: "f")
                case 0..<0x20, 0x7F:
                    output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                    appendUnicodeEscape(UInt16(byte), to: &output)
                    index += 1
                    runStart = index
                    continue
                case 0xE2 where index + 2 < count && base[index + 1] == 0x80 && (base[index + 2] | 1) == 0xA9:
                    // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                    output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                    appendUnicodeEscape(base[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
                    index += 3
                    runStart = index
                    continue
                default:
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                output.append(UInt8(ascii: "\\"))
                output.append(escape)
                index += 1
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The first index at or after `index` whose 8-byte word holds a byte that may need an
    /// escape (quote, backslash, control, DEL or non-ASCII); plain words are skipped whole.
    @inline(__always) private static func skipPlainASCII(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = index
        while count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let delete = word ^ (ones &* 0x7F)
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((delete &- ones) & ~delete) | (word &- ones &* 0x20) | word
            if special & highBits != 0 { return index }
            index += 8
        }
        return index
    }

    private static func appendUnicodeEscape(_ unit: UInt16, to output: inout [UInt8]) {
        func hex(_ nibble: UInt16) -> UInt8 {
            let digit = UInt8(nibble & 0xF)
            return digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
        }
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        output.append(hex(unit >> 12))
        output.append(hex(unit >> 8))
        output.append(hex(unit >> 4))
        output.append(hex(unit))
    }
}

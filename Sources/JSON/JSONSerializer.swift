extension JSON {
    /// The compact, single-line UTF-8 encoding of this value.
    ///
    /// Control characters, U+2028 and U+2029 are escaped so the text is always one line, also
    /// for readers that split on Unicode line separators.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        serialize(into: &output)
        return output
    }

    /// The compact, single-line encoding of this value as a `String`.
    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }

    /// Appends the compact encoding of this value to `output`.
    public func serialize(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(true): output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        case .bool(false): output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        case .int(let value): JSONWriter.appendInteger(value, to: &output)
        case .double(let value): JSONWriter.appendDouble(value, to: &output)
        case .string(let value): JSONWriter.appendString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.serialize(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.serialize(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

/// Byte-level writers for JSON scalars, shared by the serializer and by hand-built messages.
public enum JSONWriter {
    /// Appends `value` in decimal.
    public static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value >= 0 && value < 10 {
            output.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
        let count = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
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
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[position...]))
            return scratch.count - position
        }
        _ = count
    }

    /// Appends `value` as the shortest text that reads back to the same `Double`;
    /// non-finite values, which JSON cannot carry, become `null`.
    public static func appendDouble(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else {
            output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            return
        }
        if value > -1e15, value < 1e15, value == Double(Int64(value)) {
            // An integral double keeps a ".0" so it reads back as a double, not an integer.
            output.append(contentsOf: Int64(value).description.utf8)
            output.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")])
            return
        }
        output.append(contentsOf: value.description.utf8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `value` as a quoted JSON string with the escapes that keep it on one line.
    public static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                var escape: (UInt8, UInt8)? = nil
                var isLineSeparator = false
                switch byte {
                case UInt8(ascii: "\""): escape = (0x5C, 0x22)
                case UInt8(ascii: "\\"): escape = (0x5C, 0x5C)
                case 0x0A: escape = (0x5C, UInt8(ascii: "n"))
                case 0x0D: escape = (0x5C, UInt8(ascii: "r"))
                case 0x09: escape = (0x5C, UInt8(ascii: "t"))
                case 0x08: escape = (0x5C, UInt8(ascii: "b"))
                case 0x0C: escape = (0x5C, UInt8(ascii: "f"))
                case 0xE2:
                    // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                    isLineSeparator = index + 2 < count && utf8[index + 1] == 0x80
                        && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
                default:
                    if byte < 0x20 || byte == 0x7F {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                        appendUnicodeEscape(UInt16(byte), to: &output)
                        index += 1
                        runStart = index
                        continue
                    }
                }
                if let escape {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    output.append(escape.0)
                    output.append(escape.1)
                    index += 1
                    runStart = index
                } else if isLineSeparator {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
                    index += 3
                    runStart = index
                } else {
                    index += 1
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape(_ unit: UInt16, to output: inout [UInt8]) {
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"),
            hexDigits[Int(unit >> 12)], hexDigits[Int(unit >> 8 & 0xF)],
            hexDigits[Int(unit >> 4 & 0xF)], hexDigits[Int(unit & 0xF)]])
    }
}

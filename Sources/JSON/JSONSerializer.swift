extension JSON {
    /// The compact, single-line UTF-8 encoding of this value.
    ///
    /// Control characters, U+2028 and U+2029 are escaped so the text is always one line, also
    /// for readers that split on Unicode line separators.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        serialize(into: &output)
        return output
    }

    /// The compact, single-line encoding of this value as a `String`.
    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }

    /// Appends the compact encoding of this value to `output`. Reusing one buffer across calls
    /// (`removeAll(keepingCapacity: true)`) saves its allocation on hot paths such as RPC replies.
    public func serialize(into output: inout [UInt8]) {
        switch self {
        case .null: JSONWriter.appendLiteral("null", to: &output)
        case .bool(true): JSONWriter.appendLiteral("true", to: &output)
        case .bool(false): JSONWriter.appendLiteral("false", to: &output)
        case .int(let value): JSONWriter.appendInteger(value, to: &output)
        case .double(let value): JSONWriter.appendDouble(value, to: &output)
        case .string(let value): JSONWriter.appendString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for position in elements.indices {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                elements[position].serialize(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for position in object.indices {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                let member = object[position]
                JSONWriter.appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.serialize(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

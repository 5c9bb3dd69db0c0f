import JSON

/// Where values sit in the text of a message already validated by the JSON parser, so that an
/// `id` can be echoed as the very bytes the client wrote (issue 13 item 8): the parsed value
/// loses what JSON numbers and lone surrogate escapes spell (`1E2`, `-0`, `"\ud800"`).
///
/// Only ever run on text the parser accepted, so it skips values by their first byte and
/// bracket counting without validating them again.
struct RawMembers {
    private let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The text of member `name` of the object at `range` (the last one when repeated, as the
    /// parser keeps); `nil` when `range` is no object or has no such member.
    func member(_ name: String, ofObjectIn range: Range<Int>) -> Range<Int>? {
        var offset = skipWhitespace(range.lowerBound)
        guard offset < range.upperBound, bytes[offset] == UInt8(ascii: "{") else { return nil }
        offset = skipWhitespace(offset + 1)
        var found: Range<Int>?
        while offset < range.upperBound, bytes[offset] == UInt8(ascii: "\"") {
            let keyEnd = skipValue(offset)
            let isMatch = key(offset..<keyEnd, is: name)
            offset = skipWhitespace(skipWhitespace(keyEnd) + 1)  // past the colon
            let valueEnd = skipValue(offset)
            if isMatch { found = offset..<valueEnd }
            offset = skipWhitespace(valueEnd)
            if offset < range.upperBound, bytes[offset] == UInt8(ascii: ",") { offset = skipWhitespace(offset + 1) }
        }
        return found
    }

    /// The text of each element of the array at `range`, in order.
    func elements(ofArrayIn range: Range<Int>) -> [Range<Int>] {
        var offset = skipWhitespace(range.lowerBound)
        guard offset < range.upperBound, bytes[offset] == UInt8(ascii: "[") else { return [] }
        offset = skipWhitespace(offset + 1)
        var elements: [Range<Int>] = []
        while offset < range.upperBound, bytes[offset] != UInt8(ascii: "]") {
            let end = skipValue(offset)
            elements.append(offset..<end)
            offset = skipWhitespace(end)
            if offset < range.upperBound, bytes[offset] == UInt8(ascii: ",") { offset = skipWhitespace(offset + 1) }
        }
        return elements
    }

    /// The bytes at `range`, valid while the message is.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// The text at `range` as a `String` (valid UTF-8: the parser checked it).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func key(_ range: Range<Int>, is name: String) -> Bool {
        let inner = UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return inner.elementsEqual(name.utf8) }
        let decoded = try? JSON.parse(UnsafeRawBufferPointer(rebasing: bytes[range]))
        return decoded?.stringValue == name
    }

    private func skipWhitespace(_ start: Int) -> Int {
        var offset = start
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0D || bytes[offset] == 0x0A {
            offset += 1
        }
        return offset
    }

    /// The end of the value starting at `start`.
    private func skipValue(_ start: Int) -> Int {
        var offset = start
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return skipString(offset)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    offset = skipString(offset)
                    continue
                }
                offset += 1
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return offset }
                }
            }
            return offset
        default:
            while offset < bytes.count, !Self.endsScalar(bytes[offset]) { offset += 1 }
            return offset
        }
    }

    /// The end of the string whose opening quote is at `start`.
    private func skipString(_ start: Int) -> Int {
        var offset = start + 1
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return offset }
        }
        return offset
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}

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
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let maxDepth: Int
    var offset = 0
    var depth = 0
    /// Reused for strings that contain escapes, so each does not allocate its own buffer.
    var scratch: [UInt8] = []
    /// Elements and members of the containers being parsed, innermost last. A container is
    /// copied out once, at its exact size, when it closes, instead of growing array by array.
    var valueStack: [JSON] = []
    var memberStack: [JSONObject.Element] = []
    /// Where the members to note go (`JSONMemberSpans`; none are looked for by default), and the
    /// steps to the container being parsed while it is shallow enough to hold them.
    var spans = JSONMemberSpans(name: "", maxDepth: 0)
    private var path: [JSONMemberSpans.Step] = []

    /// The stacks of a parser, handed from one parse to the next so that parsing many small
    /// messages allocates none.
    struct Workspace: Sendable {
        var values: [JSON] = []
        var members: [JSONObject.Element] = []
        var path: [JSONMemberSpans.Step] = []
    }

    /// Takes `workspace`'s storage for this parse (emptied, its capacity kept).
    mutating func adopt(_ workspace: inout Workspace) {
        workspace.values.removeAll(keepingCapacity: true)
        workspace.members.removeAll(keepingCapacity: true)
        workspace.path.removeAll(keepingCapacity: true)
        swap(&valueStack, &workspace.values)
        swap(&memberStack, &workspace.members)
        swap(&path, &workspace.path)
    }

    /// Gives the storage back to `workspace`.
    mutating func release(to workspace: inout Workspace) {
        swap(&valueStack, &workspace.values)
        swap(&memberStack, &workspace.members)
        swap(&path, &workspace.path)
    }

    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        if (current == UInt8(ascii: "{") || current == UInt8(ascii: "[")) && valueStack.capacity < 32 {
            // Sized for RPC envelopes and API items, so the stacks rarely grow.
            valueStack.reserveCapacity(32)
            memberStack.reserveCapacity(32)
        }
        let value = try parseValue()
        skipWhitespace()
        guard offset == count else { throw error("unexpected data after the JSON value") }
        return value
    }

    // MARK: - Structure

    func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset)
    }

    func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// The byte at `offset`, or 0 at the end (0 is never valid outside a string).
    @inline(__always) var current: UInt8 { offset < count ? bytes[offset] : 0 }

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
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array([])
        }
        let base = valueStack.count
        while true {
            if depth < spans.maxDepth {
                path.append(.index(valueStack.count - base))
                valueStack.append(try parseValue())
                path.removeLast()
            } else {
                valueStack.append(try parseValue())
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                let elements = Array(valueStack[base...])
                while valueStack.count > base { valueStack.removeLast() }
                return .array(elements)
            default:
                throw error("expected ',' or ']' in array")
            }
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSON {
        try enterContainer()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(JSONObject())
        }
        let base = memberStack.count
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
            offset += 1
            skipWhitespace()
            if depth <= spans.maxDepth {
                memberStack.append((key, try parseNotedMember(key)))
            } else {
                memberStack.append((key, try parseValue()))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                let object = JSONObject(members: Array(memberStack[base...]))
                // One by one: a handful of members, each destroyed by specialized code.
                while memberStack.count > base { memberStack.removeLast() }
                return .object(object)
            default:
                throw error("expected ',' or '}' in object")
            }
        }
    }

    /// The value of the member `key`, just read, in an object shallow enough to note: its range
    /// is noted when the key is the one looked for.
    private mutating func parseNotedMember(_ key: String) throws(JSONParseError) -> JSON {
        let start = offset
        let value: JSON
        if depth < spans.maxDepth {
            path.append(.key(key))
            value = try parseValue()
            path.removeLast()
        } else {
            value = try parseValue()
        }
        if key == spans.name { spans.note(start..<offset, at: path) }
        return value
    }
}

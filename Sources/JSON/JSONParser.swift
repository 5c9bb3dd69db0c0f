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
/// A container is built once, at its exact size, when it closes (`JSONParseStack`).
struct JSONParser {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let maxDepth: Int
    var offset = 0
    var depth = 0
    /// Reused for strings that contain escapes, so each does not allocate its own buffer.
    var scratch: [UInt8] = []
    /// Whether the string read last was written with an escape.
    var stringHadEscape = false
    var values = JSONParseStack<JSON>()
    var members = JSONParseStack<JSONObject.Member>()
    /// Short strings made before, when a workspace lends its table (else it is empty).
    var shortStrings = JSONShortStrings()

    /// Members of objects at most this deep are compared with `notedName` (0: none are).
    var notedDepth = 0
    private var notedName: [UInt8] = []
    /// Where the objects being parsed sit, while they are shallow enough to have noted members:
    /// array positions, and object keys by the offset of their opening quote (read again only
    /// when a member is noted).
    var path = JSONParseStack<PathStep>()
    /// The spans' notes, overwritten from the start: this parse's are the first `stepCount`
    /// and `entryCount` (the rest are cut off at the end, so that a message like the last one
    /// neither shrinks nor grows them).
    private var steps: [JSONMemberSpans.Step] = []
    private var entries: [JSONMemberSpans.Entry] = []
    private var stepCount = 0
    private var entryCount = 0

    enum PathStep {
        case index(Int)
        case key(quoteAt: Int)
    }

    /// The memory of a parser, lent from one parse to the next (it lives in a `JSONMemberSpans`)
    /// so that parsing many small messages allocates only the containers they hold. Its parts
    /// are moved into the parser and back, never copied.
    struct Workspace {
        var values = JSONParseStack<JSON>()
        var members = JSONParseStack<JSONObject.Member>()
        var path = JSONParseStack<PathStep>()
        var shortStrings = JSONShortStrings(hasSlots: true)
    }

    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    /// Borrows `spans`' workspace for this parse and takes its notes' storage; its earlier
    /// notes are overwritten.
    mutating func adopt(_ spans: inout JSONMemberSpans) {
        notedDepth = spans.maxDepth
        notedName = spans.nameUTF8
        swap(&values, &spans.workspace.values)
        swap(&members, &spans.workspace.members)
        swap(&path, &spans.workspace.path)
        swap(&shortStrings, &spans.workspace.shortStrings)
        swap(&steps, &spans.steps)
        swap(&entries, &spans.entries)
    }

    /// Gives the workspace's memory, and the notes taken, back to `spans`.
    mutating func release(to spans: inout JSONMemberSpans) {
        if entries.count > entryCount { entries.removeSubrange(entryCount...) }
        if steps.count > stepCount { steps.removeSubrange(stepCount...) }
        values.reset()
        members.reset()
        path.reset()
        swap(&values, &spans.workspace.values)
        swap(&members, &spans.workspace.members)
        swap(&path, &spans.workspace.path)
        swap(&shortStrings, &spans.workspace.shortStrings)
        swap(&steps, &spans.steps)
        swap(&entries, &spans.entries)
    }

    /// Frees the memory of a parse without a workspace.
    mutating func deallocate() {
        values.deallocate()
        members.deallocate()
        path.deallocate()
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == count else { throw error("unexpected data after the JSON value") }
        return value
    }

    /// Parses the document; when it is an object, its members go to `visitor` instead of into
    /// an object, and the result is `nil`.
    mutating func parseDocument<Visitor: JSONMemberVisitor>(visiting visitor: inout Visitor) throws(JSONParseError) -> JSON? {
        skipWhitespace()
        let value: JSON?
        if current == UInt8(ascii: "{") {
            try visitObject(&visitor)
            value = nil
        } else {
            value = try parseValue()
        }
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

    @inline(__always) mutating func skipWhitespace() {
        while offset < count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSON {
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

    mutating func enterContainer() throws(JSONParseError) {
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
        let base = values.count
        let holdsNoted = depth < notedDepth
        if holdsNoted { path.push(.index(0)) }
        while true {
            if holdsNoted { path.replaceLast(with: .index(values.count - base)) }
            values.push(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                if holdsNoted { path.removeLast() }
                return .array(values.pop(from: base))
            default:
                throw error("expected ',' or ']' in array")
            }
        }
    }

    // MARK: - Noting

    /// Whether the key just read, whose opening quote is at `quote`, is the noted name: its
    /// bytes are compared unless it was written with escapes. (`mutating` only so that the
    /// parser is not copied to call it.)
    @inline(__always)
    mutating func isNotedName(_ key: String, quotedFrom quote: Int) -> Bool {
        if stringHadEscape { return key.utf8.elementsEqual(notedName) }
        let length = offset &- quote &- 2
        guard length == notedName.count else { return false }
        return notedName.withUnsafeBufferPointer { name in length == 0 || memcmp(bytes + quote + 1, name.baseAddress!, length) == 0 }
    }

    /// Notes `range`, the value of a noted member of the innermost open object, at the path to
    /// that object (its keys read again from the text).
    mutating func note(_ range: Range<Int>) {
        let pathCount = depth - 1
        let entry = JSONMemberSpans.Entry(pathStart: stepCount, pathCount: pathCount, range: range)
        if entryCount < entries.count { entries[entryCount] = entry } else { entries.append(entry) }
        entryCount += 1
        guard pathCount > 0 else { return }
        let resume = offset
        for position in 0..<pathCount {
            let step: JSONMemberSpans.Step
            switch path[position] {
            case .index(let index):
                step = .index(index)
            case .key(let quote):
                offset = quote
                step = .key((try? parseString()) ?? "")
            }
            if stepCount < steps.count { steps[stepCount] = step } else { steps.append(step) }
            stepCount += 1
        }
        offset = resume
    }
}

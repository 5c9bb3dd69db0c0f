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
    /// Whether the string read last was written with an escape.
    var stringHadEscape = false
    /// The memory this parse works in, lent for the parse.
    let work: UnsafeMutablePointer<JSONParseWorkspace>
    /// Members of objects at most this deep are compared with the workspace's `notedName`
    /// (0: none are).
    let notedDepth: Int
    /// How many of the workspace's steps and entries this parse wrote.
    private var stepCount = 0
    private var entryCount = 0

    enum PathStep {
        case index(Int)
        case key(quoteAt: Int)
    }

    /// A parser of `count` bytes at `bytes` working in `work`, noting members of objects at
    /// most `notedDepth` deep.
    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int, work: UnsafeMutablePointer<JSONParseWorkspace>, notedDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
        self.work = work
        self.notedDepth = notedDepth
    }

    /// Leaves the workspace ready for the next parse, whether this one ended or failed.
    func finish() {
        work.pointee.finish(stepCount: stepCount, entryCount: entryCount)
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
        let base = work.pointee.values.count
        let holdsNoted = depth < notedDepth
        if holdsNoted { work.pointee.path.push(.index(0)) }
        while true {
            if holdsNoted { work.pointee.path.replaceLast(with: .index(work.pointee.values.count - base)) }
            work.pointee.values.push(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                if holdsNoted { work.pointee.path.removeLast() }
                return .array(work.pointee.values.pop(from: base))
            default:
                throw error("expected ',' or ']' in array")
            }
        }
    }

    // MARK: - Noting

    /// Whether the key just read, whose opening quote is at `quote`, is the noted name: its
    /// bytes as written are compared, or `escapedKey`'s when it was written with escapes (the
    /// key's string is made only then). (`mutating` only so that the parser is not copied to
    /// call it.)
    @inline(__always)
    mutating func isNotedName(quotedFrom quote: Int, escapedKey: String?) -> Bool {
        if let escapedKey { return escapedKey.utf8.elementsEqual(work.pointee.notedName) }
        let length = offset &- quote &- 2
        guard length == work.pointee.notedName.count else { return false }
        return work.pointee.notedName.withUnsafeBufferPointer { name in length == 0 || memcmp(bytes + quote + 1, name.baseAddress!, length) == 0 }
    }

    /// Notes `range`, the value of a noted member of the innermost open object, at the path to
    /// that object (its keys read again from the text).
    mutating func note(_ range: Range<Int>) {
        let pathCount = depth - 1
        let entry = JSONMemberSpans.Entry(pathStart: stepCount, pathCount: pathCount, range: range)
        if entryCount < work.pointee.entries.count { work.pointee.entries[entryCount] = entry } else { work.pointee.entries.append(entry) }
        entryCount += 1
        guard pathCount > 0 else { return }
        let resume = offset
        for position in 0..<pathCount {
            let step: JSONMemberSpans.Step
            switch work.pointee.path[position] {
            case .index(let index):
                step = .index(index)
            case .key(let quote):
                offset = quote
                step = .key((try? parseString()) ?? "")
            }
            if stepCount < work.pointee.steps.count { work.pointee.steps[stepCount] = step } else { work.pointee.steps.append(step) }
            stepCount += 1
        }
        offset = resume
    }
}

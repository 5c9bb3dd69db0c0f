import JSON

/// The `id` of a request: a string, a number or null, echoed back exactly in its response.
///
/// Two ids are the same id when their JSON text is the same: the text is kept as the client
/// wrote it and echoed byte for byte, so `1E2`, `-0`, `1e-400` and lone surrogate escapes such
/// as `"\ud800"` come back unchanged, and two ids the parser reads alike never collide (nor do
/// their `$/cancelRequest`s).
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    /// The id as parsed (a lone surrogate reads as U+FFFD, `1E2` as `100.0`).
    public let json: JSON
    /// The text the client wrote when it is not `json`'s own encoding (`1E2`, `"\ud800"`), else
    /// `nil`: the common ids (`7`, `"abc"`) carry no second copy of themselves.
    private let writtenText: String?

    /// An id from a JSON value, written as that value's encoding; `nil` for booleans, arrays
    /// and objects, which JSON-RPC forbids.
    public init?(_ json: JSON) {
        self.init(json, text: nil)
    }

    /// An id read from a message: the parsed value and, when known, the text it was written as.
    init?(_ json: JSON, text: String?) {
        switch json {
        case .string, .int, .double, .null:
            self.json = json
            writtenText = text.flatMap { $0 == json.jsonString ? nil : $0 }
        case .bool, .array, .object:
            return nil
        }
    }

    /// An id read from a message whose text is `text` (the bytes of the id's value, as the
    /// parser noted them): a second copy of the text is kept only when the value would not
    /// encode as those very bytes.
    init?(_ json: JSON, writtenAs text: ArraySlice<UInt8>?) {
        if case .int(let value) = json, text.map({ Self.isDecimal($0, of: value) }) ?? true {
            self.init(canonical: json)
            return
        }
        guard let text, !Self.isEncoding(text, of: json) else {
            self.init(json, text: nil)
            return
        }
        self.init(json, text: String(decoding: text, as: UTF8.self))
    }

    /// Whether `text` is exactly how `json` encodes; decided without encoding it for the ids
    /// clients write (small integers, plain ASCII strings).
    private static func isEncoding(_ text: ArraySlice<UInt8>, of json: JSON) -> Bool {
        switch json {
        case .int(let value):
            return isDecimal(text, of: value)
        case .string:
            let inner = text.dropFirst().dropLast()
            if inner.allSatisfy({ $0 &- 0x20 < 0x5F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }) { return true }
            return text.elementsEqual(json.jsonString.utf8)
        case .null:
            return true
        default:
            return text.elementsEqual(json.jsonString.utf8)
        }
    }

    /// Whether `text` is `value` in decimal, as `JSONWriter.appendInteger` writes it: a `-`
    /// exactly when negative, no leading zero, the digits read left to right without making a
    /// string.
    private static func isDecimal(_ text: ArraySlice<UInt8>, of value: Int64) -> Bool {
        var position = text.startIndex
        if value < 0 {
            guard position < text.endIndex, text[position] == UInt8(ascii: "-") else { return false }
            position += 1
        }
        let digitCount = text.endIndex - position
        guard (1...19).contains(digitCount), text[position] != UInt8(ascii: "0") || digitCount == 1 else { return false }
        var magnitude: UInt64 = 0
        while position < text.endIndex {
            let digit = text[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            position += 1
        }
        return magnitude == value.magnitude
    }

    /// An id whose text is `json`'s own encoding.
    init(canonical json: JSON) {
        self.json = json
        writtenText = nil
    }

    /// An integer id.
    public init(_ value: Int64) { self.init(canonical: .int(value)) }

    /// A string id.
    public init(_ value: String) { self.init(canonical: .string(value)) }

    /// The null id, used for answers to messages whose id could not be read.
    public static let null = RequestID(canonical: .null)

    /// The id's JSON text as the client wrote it.
    public var text: String { writtenText ?? json.jsonString }

    // Same text, same id: when neither was written unusually their values decide (equal values
    // encode alike); an unusual text never equals another id's own encoding, or both would parse
    // to the same value and it would not be unusual.
    public static func == (lhs: RequestID, rhs: RequestID) -> Bool {
        lhs.writtenText == rhs.writtenText && lhs.json == rhs.json
    }

    public func hash(into hasher: inout Hasher) {
        switch json {
        case .int(let value) where writtenText == nil:
            hasher.combine(value)  // the ids clients write, hashed without walking a JSON value
        default:
            hasher.combine(writtenText)
            hasher.combine(json)
        }
    }

    /// Appends the id's JSON text, as the client wrote it, to `output`.
    @inline(__always)
    func encode(into output: inout [UInt8]) {
        if let writtenText {
            output.append(contentsOf: writtenText.utf8)
        } else if case .int(let value) = json {
            JSONWriter.appendInteger(value, to: &output)  // the ids clients write, without the serializer's dispatch
        } else {
            json.serialize(into: &output)
        }
    }

    /// Appends the id's JSON text, as the client wrote it, to `text`.
    @inline(__always)
    func encode(into text: inout JSONTextBuffer) {
        if let writtenText {
            text.appendToOutput { $0.append(contentsOf: writtenText.utf8) }
        } else if case .int(let value) = json {
            text.appendInteger(value)
        } else {
            text.append(json: json)
        }
    }

    public var description: String { text }
}

/// One JSON value. The whole project speaks this type: RPC messages, API bodies, feed items.
///
/// Integers that fit `Int64` stay exact in `.int`; every other number is a `.double`.
/// `true`/`false` are `.bool` and never compare equal to `1`/`0`.
///
/// Entry points: `JSON.parse(_:maxDepth:)` (strict RFC 8259, also zero-copy over a slice of a
/// read buffer), `serialized()` / `serialize(into:)` (compact, always one line),
/// `self[keyPath: "data.list"]` and the lenient reads `lenientInt` & co. (`Decodable` models are
/// Foundation's `JSONDecoder`'s job: `Response.map(_:atKeyPath:using:)` in Network.)
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

extension JSON {
    /// The string payload, or `nil` when this is not a string.
    @inlinable
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer payload, or `nil` when this is not an exact integer.
    @inlinable
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The numeric payload as a `Double` (integers widen), or `nil` when this is not a number.
    @inlinable
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The number as an `Int` when it is an integer by value, as JSON Schema's `integer` counts
    /// them (protocol/README.md section 11): `3`, `3.0` and `3e2` are; `3.5`, `1e300` (past
    /// `Int`), `"3"` and `true` are not. The one rule for params and input members alike.
    @inlinable
    public var integerValue: Int? { intValue.flatMap { Int(exactly: $0) } ?? doubleValue.flatMap { Int(exactly: $0) } }

    /// The boolean payload, or `nil` when this is not a boolean.
    @inlinable
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, or `nil` when this is not an array.
    @inlinable
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, or `nil` when this is not an object.
    @inlinable
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// `true` for `.null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSON? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true`/`false` are `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is an exact `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A float literal is a `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is a `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is an `.array`.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// A dictionary literal is an `.object` with the members in the order written.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(members: elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSON: CustomStringConvertible {
    /// The compact JSON text, so logs and test failures show what would go on the wire.
    public var description: String { jsonString }
}

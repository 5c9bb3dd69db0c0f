import JSON

/// Reads named params, answering -32602 with the bad field's name when one is missing or wrong.
///
/// ```swift
/// let params = try RPCParams(json)
/// let session = try params.string("session")
/// let reload = try params.optionalBool("reload") ?? false
/// ```
public struct RPCParams: Sendable {
    /// The params object (empty when the request had none).
    public let object: JSONObject
    /// Prefix for field names in errors, e.g. `input.` when reading a nested object.
    public let path: String

    /// Named params; `nil` reads as `{}`, anything but an object is -32602. The params are
    /// borrowed: only the object's members are copied.
    @inlinable
    public init(_ params: borrowing JSON?, path: String = "") throws(RPCError) {
        switch params {
        case nil: object = JSONObject()
        case .object(let members)?: object = members
        default: throw .invalidParams("must be an object (named params)", field: path.isEmpty ? "params" : String(path.dropLast()))
        }
        self.path = path
    }

    /// The raw value of `key`, if present and not null.
    @inlinable
    public subscript(key: String) -> JSON? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A required member read by `read`; `expected` describes the type for the error message.
    @inlinable
    public func required<Value>(_ key: String, expected: String, _ read: (JSON) -> Value?) throws(RPCError) -> Value {
        guard let raw = self[key] else { throw .invalidParams("is required (\(expected))", field: path + key) }
        guard let value = read(raw) else { throw .invalidParams("must be \(expected)", field: path + key) }
        return value
    }

    /// An optional member read by `read`; present but unreadable is -32602.
    @inlinable
    public func optional<Value>(_ key: String, expected: String, _ read: (JSON) -> Value?) throws(RPCError) -> Value? {
        guard let raw = self[key] else { return nil }
        guard let value = read(raw) else { throw .invalidParams("must be \(expected)", field: path + key) }
        return value
    }

    /// A required string.
    @inlinable
    public func string(_ key: String) throws(RPCError) -> String {
        try required(key, expected: "a string") { $0.stringValue }
    }

    /// An optional string.
    @inlinable
    public func optionalString(_ key: String) throws(RPCError) -> String? {
        try optional(key, expected: "a string") { $0.stringValue }
    }

    /// A required integer, by value (`3.0` is 3; see `JSON.integerValue`).
    @inlinable
    public func int(_ key: String) throws(RPCError) -> Int {
        try required(key, expected: "an integer") { $0.integerValue }
    }

    /// An optional integer, by value.
    @inlinable
    public func optionalInt(_ key: String) throws(RPCError) -> Int? {
        try optional(key, expected: "an integer") { $0.integerValue }
    }

    /// A required boolean.
    @inlinable
    public func bool(_ key: String) throws(RPCError) -> Bool {
        try required(key, expected: "a boolean") { $0.boolValue }
    }

    /// An optional boolean.
    @inlinable
    public func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        try optional(key, expected: "a boolean") { $0.boolValue }
    }

    /// A nested object's params, whose errors name fields as `key.field`.
    @inlinable
    public func nested(_ key: String) throws(RPCError) -> RPCParams? {
        guard let raw = self[key] else { return nil }
        return try RPCParams(raw, path: path + key + ".")
    }
}

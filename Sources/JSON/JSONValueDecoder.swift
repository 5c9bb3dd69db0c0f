/// Decodes `Decodable` models from a `JSON` value, so models stay declarative like the seeds'
/// `Mappable` models: `let info = try JSONValueDecoder(keyDecodingStrategy: .convertFromSnakeCase).decode(ExampleInfo.self, from: json)`.
///
/// Foundation-free. Errors are the standard `DecodingError`s; their `debugDescription` names the
/// coding path as written (`data.list[3].urls.regular`) and what was found there.
public struct JSONValueDecoder: Sendable {
    /// How JSON member names map to `CodingKey`s.
    public enum KeyDecodingStrategy: Sendable {
        /// A member is found under the key's own name.
        case useDefaultKeys
        /// Member names are converted from snake_case first: `time_date` matches `timeDate`.
        case convertFromSnakeCase
    }

    /// How JSON member names map to `CodingKey`s; `.useDefaultKeys` unless set.
    public var keyDecodingStrategy: KeyDecodingStrategy
    /// When `true`, scalars are read with the lenient rules of `JSON.lenientInt`,
    /// `lenientDouble`, `lenientString` and `lenientBool` (an `Int` from `"12"`, a `Bool` from
    /// `1`); when `false` (the default) a value must have the requested JSON type, except that
    /// integers widen to `Double`/`Float`.
    public var isLenient: Bool
    /// Passed to the models' `init(from:)` as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// A decoder with the given key strategy and strictness.
    public init(keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys, isLenient: Bool = false, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.keyDecodingStrategy = keyDecodingStrategy
        self.isLenient = isLenient
        self.userInfo = userInfo
    }

    /// Decodes a `T` from `json`. A `JSON` inside a model (or `T == JSON`) is taken as is.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from json: JSON) throws -> T {
        try JSONDecodingNode(value: json, parentPath: [], key: nil, options: self).decode(T.self)
    }

    /// Decodes a `T` from the value at `keyPath` of `json` (see `JSON[keyPath:]`), as Moya's
    /// `map(_:atKeyPath:)` does; a missing path is a `DecodingError.valueNotFound`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from json: JSON, atKeyPath keyPath: String) throws -> T {
        let codingPath: [any CodingKey] = keyPath.isEmpty ? [] : keyPath.split(separator: ".", omittingEmptySubsequences: false).map { JSONCodingKey(stringValue: String($0)) }
        guard let value = json[keyPath: keyPath] else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(T.self) at \(codingPath.jsonPathDescription) but nothing is there"))
        }
        return try JSONDecodingNode(value: value, parentPath: codingPath, key: nil, options: self).decode(T.self)
    }
}

/// One position in the value being decoded; the `Decoder` the models' `init(from:)` sees.
///
/// The path is kept as the parent's path plus this node's key and joined only when asked for
/// (by a container or an error), so reading a scalar member allocates no path array.
struct JSONDecodingNode: Decoder {
    let value: JSON
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?
    let options: JSONValueDecoder

    var codingPath: [any CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key]
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(JSONObject.self, expected: "an object") }
        return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(object: object, node: self, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSON].self, expected: "an array") }
        return JSONUnkeyedDecodingContainer(elements: elements, node: self, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The node of a member or element, for a container whose own path is `path`.
    func child(_ value: JSON, key: any CodingKey, path: [any CodingKey]) -> JSONDecodingNode {
        JSONDecodingNode(value: value, parentPath: path, key: key, options: options)
    }

    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Expected \(expected) at \(codingPath.jsonPathDescription) but found \(value.kindDescription)"))
    }

    // MARK: - Reading values

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == JSON.self { return value as! T }
        switch type {
        case is Bool.Type: return try decodeBool() as! T
        case is String.Type: return try decodeString() as! T
        case is Double.Type: return try decodeDouble() as! T
        case is Int.Type: return try decodeInteger(Int.self) as! T
        case is Int64.Type: return try decodeInteger(Int64.self) as! T
        default: return try T(from: self)
        }
    }

    private func nullCheck<T>(_ type: T.Type) throws {
        if case .null = value {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(T.self) at \(codingPath.jsonPathDescription) but found null"))
        }
    }

    func decodeBool() throws -> Bool {
        if case .bool(let flag) = value { return flag }
        try nullCheck(Bool.self)
        if options.isLenient, let flag = value.lenientBool { return flag }
        throw mismatch(Bool.self, expected: options.isLenient ? "a boolean, 0/1 or a yes/no word" : "a boolean")
    }

    func decodeString() throws -> String {
        if case .string(let text) = value { return text }
        try nullCheck(String.self)
        if options.isLenient, let text = value.lenientString { return text }
        throw mismatch(String.self, expected: options.isLenient ? "a string, number or boolean" : "a string")
    }

    func decodeDouble() throws -> Double {
        if let number = value.doubleValue { return number }
        try nullCheck(Double.self)
        if options.isLenient, let number = value.lenientDouble { return number }
        throw mismatch(Double.self, expected: options.isLenient ? "a number or numeric string" : "a number")
    }

    func decodeFloat() throws -> Float {
        Float(try decodeDouble())
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try nullCheck(T.self)
        if case .int(let integer) = value {
            guard let exact = T(exactly: integer) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "\(integer) at \(codingPath.jsonPathDescription) does not fit \(T.self)"))
            }
            return exact
        }
        if options.isLenient {
            if let integer = value.lenientInt, let exact = T(exactly: integer) { return exact }
            if let number = value.lenientDouble, let exact = T(exactly: number) { return exact }
        }
        throw mismatch(T.self, expected: options.isLenient ? "an integer or integral numeric string" : "an integer")
    }
}

extension JSONDecodingNode: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { try decodeFloat() }
    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(UInt64.self) }
}

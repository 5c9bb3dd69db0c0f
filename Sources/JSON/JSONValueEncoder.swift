/// Encodes `Encodable` models to a `JSON` value (Foundation-free), e.g. to put a model into an
/// RPC result: `.object(["item": try JSONValueEncoder().encode(item)])`.
///
/// Object members come out in the order the model encodes them. Non-finite floating-point
/// numbers, which JSON cannot carry, throw `EncodingError.invalidValue` naming the coding path.
public struct JSONValueEncoder: Sendable {
    /// How `CodingKey`s become JSON member names.
    public enum KeyEncodingStrategy: Sendable {
        /// A member is named by the key's own name.
        case useDefaultKeys
        /// Keys are converted to snake_case: `timeDate` is written as `time_date`.
        case convertToSnakeCase
    }

    /// How `CodingKey`s become JSON member names; `.useDefaultKeys` unless set.
    public var keyEncodingStrategy: KeyEncodingStrategy
    /// Passed to the models' `encode(to:)` as `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// An encoder with the given key strategy.
    public init(keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.keyEncodingStrategy = keyEncodingStrategy
        self.userInfo = userInfo
    }

    /// The JSON value of `value`. A `JSON` inside a model (or `T == JSON`) is taken as is; a
    /// model that encodes nothing becomes an empty object.
    public func encode<T: Encodable>(_ value: T) throws -> JSON {
        let node = JSONEncodingNode(codingPath: [], options: self)
        try node.encode(value)
        return node.resolved
    }
}

/// One position in the value being built; the `Encoder` the models' `encode(to:)` sees.
///
/// A class because containers handed out for nested values must write into their parent after
/// the call that created them has returned.
final class JSONEncodingNode: Encoder {
    enum Storage {
        case empty
        case value(JSON)
        case object(keys: [String], nodes: [JSONEncodingNode])
        case array([JSONEncodingNode])
    }

    let codingPath: [any CodingKey]
    let options: JSONValueEncoder
    var storage: Storage = .empty

    init(codingPath: [any CodingKey], options: JSONValueEncoder) {
        self.codingPath = codingPath
        self.options = options
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The finished value: objects and arrays are assembled from their child nodes.
    var resolved: JSON {
        switch storage {
        case .empty: return .object(JSONObject())
        case .value(let value): return value
        case .array(let nodes): return .array(nodes.map(\.resolved))
        case .object(let keys, let nodes):
            var object = JSONObject()
            for (key, node) in zip(keys, nodes) { object[key] = node.resolved }
            return .object(object)
        }
    }

    func memberName(_ key: any CodingKey) -> String {
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return JSONKeyStrategy.snakeCase(fromCamelCase: key.stringValue)
        }
    }

    func child(key: any CodingKey) -> JSONEncodingNode {
        JSONEncodingNode(codingPath: codingPath + [key], options: options)
    }

    func encode<T: Encodable>(_ value: T) throws {
        switch value {
        case let json as JSON: storage = .value(json)
        case let text as String: storage = .value(.string(text))
        case let flag as Bool: storage = .value(.bool(flag))
        case let integer as Int: storage = .value(.int(Int64(integer)))
        case let number as Double: try encodeDouble(number)
        default: try value.encode(to: self)
        }
    }

    func encodeDouble(_ number: Double) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(number) at \(codingPath.jsonPathDescription) cannot be written as JSON"))
        }
        storage = .value(.double(number))
    }

    func encodeInteger<T: FixedWidthInteger>(_ integer: T) throws {
        if let exact = Int64(exactly: integer) {
            storage = .value(.int(exact))
        } else {
            storage = .value(.double(Double(integer)))  // UInt64 above Int64.max: the nearest double, as JavaScript reads it
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = storage {} else { storage = .object(keys: [], nodes: []) }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = storage {} else { storage = .array([]) }
        return JSONUnkeyedEncodingContainer(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// A fresh node for the member `key`, replacing an earlier one of the same name.
    func addMember(_ key: any CodingKey) -> JSONEncodingNode {
        guard case .object(var keys, var nodes) = storage else { preconditionFailure("not a keyed container") }
        let name = memberName(key)
        let node = child(key: key)
        storage = .empty  // drop the reference so the update does not copy
        if let position = keys.firstIndex(of: name) {
            nodes[position] = node
        } else {
            keys.append(name)
            nodes.append(node)
        }
        storage = .object(keys: keys, nodes: nodes)
        return node
    }

    /// A fresh node appended to this array.
    func addElement() -> JSONEncodingNode {
        guard case .array(var nodes) = storage else { preconditionFailure("not an unkeyed container") }
        let node = child(key: JSONCodingKey(intValue: nodes.count))
        storage = .empty  // drop the reference so the append does not copy
        nodes.append(node)
        storage = .array(nodes)
        return node
    }

    var elementCount: Int {
        if case .array(let nodes) = storage { return nodes.count }
        return 0
    }
}

extension JSONEncodingNode: SingleValueEncodingContainer {
    func encodeNil() { storage = .value(.null) }
    func encode(_ value: Bool) { storage = .value(.bool(value)) }
    func encode(_ value: String) { storage = .value(.string(value)) }
    func encode(_ value: Double) throws { try encodeDouble(value) }
    func encode(_ value: Float) throws { try encodeDouble(Double(value)) }
    func encode(_ value: Int) throws { try encodeInteger(value) }
    func encode(_ value: Int8) throws { try encodeInteger(value) }
    func encode(_ value: Int16) throws { try encodeInteger(value) }
    func encode(_ value: Int32) throws { try encodeInteger(value) }
    func encode(_ value: Int64) throws { try encodeInteger(value) }
    func encode(_ value: UInt) throws { try encodeInteger(value) }
    func encode(_ value: UInt8) throws { try encodeInteger(value) }
    func encode(_ value: UInt16) throws { try encodeInteger(value) }
    func encode(_ value: UInt32) throws { try encodeInteger(value) }
    func encode(_ value: UInt64) throws { try encodeInteger(value) }
}

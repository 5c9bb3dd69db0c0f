/// The members of one JSON object, seen through a model's `CodingKeys`.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let object: JSONObject
    private let node: JSONDecodingNode
    let codingPath: [any CodingKey]

    init(object: JSONObject, node: JSONDecodingNode, codingPath: [any CodingKey]) {
        switch node.options.keyDecodingStrategy {
        case .useDefaultKeys:
            self.object = object
        case .convertFromSnakeCase:
            self.object = JSONObject(keys: object.orderedKeys.map(JSONKeyStrategy.camelCase(fromSnakeCase:)), values: object.orderedValues)
        }
        self.node = node
        self.codingPath = codingPath
    }

    var allKeys: [Key] { object.orderedKeys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func child(_ key: Key) throws -> JSONDecodingNode {
        guard let value = object[key.stringValue] else {
            let path = codingPath + [key]
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\" at \(path.jsonPathDescription)"))
        }
        return node.child(value, key: key, path: codingPath)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloat() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeInteger(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(T.self) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        node.child(object[JSONCodingKey.super.stringValue] ?? .null, key: JSONCodingKey.super, path: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        node.child(object[key.stringValue] ?? .null, key: key, path: codingPath)
    }
}

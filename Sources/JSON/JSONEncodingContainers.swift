/// Writes the members of one JSON object for a model's `CodingKeys`.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONEncodingNode

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil(forKey key: Key) throws { node.addMember(key).encodeNil() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try node.addMember(key).encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        node.addMember(key).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        node.addMember(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { node.addMember(JSONCodingKey.super) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { node.addMember(key) }
}

/// Appends the elements of one JSON array.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: JSONEncodingNode

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elementCount }

    mutating func encodeNil() throws { node.addElement().encodeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.addElement().encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        node.addElement().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { node.addElement().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { node.addElement() }
}

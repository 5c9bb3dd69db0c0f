/// The elements of one JSON array, read front to back.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    private let elements: [JSON]
    private let node: JSONDecodingNode
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSON], node: JSONDecodingNode, codingPath: [any CodingKey]) {
        self.elements = elements
        self.node = node
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next<T>(_ type: T.Type) throws -> JSONDecodingNode {
        let key = JSONCodingKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "Expected \(T.self) at \((codingPath + [key]).jsonPathDescription) but the array has only \(elements.count) elements"))
        }
        currentIndex += 1
        return node.child(elements[currentIndex - 1], key: key, path: codingPath)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decodeFloat() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decodeInteger(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decodeInteger(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decodeInteger(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decodeInteger(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decodeInteger(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decodeInteger(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decodeInteger(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decodeInteger(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decodeInteger(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decodeInteger(UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(JSONObject.self).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([JSON].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(JSON.self)
    }
}

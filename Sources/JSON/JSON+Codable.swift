/// `JSON` can sit inside `Codable` models as a free-form field (e.g. RPC `params`).
/// `JSONValueDecoder` and `JSONValueEncoder` take it as is; other coders see the matching
/// scalar, array or keyed form (a foreign decoder's objects may lose their member order).
extension JSON: Codable {
    /// Reads whichever JSON form `decoder` holds: null, boolean, integer, number, string,
    /// array or object, tried in that order.
    public init(from decoder: any Decoder) throws {
        if let node = decoder as? JSONDecodingNode {
            self = node.value
            return
        }
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { self = .null; return }
            if let flag = try? single.decode(Bool.self) { self = .bool(flag); return }
            if let integer = try? single.decode(Int64.self) { self = .int(integer); return }
            if let number = try? single.decode(Double.self) { self = .double(number); return }
            if let text = try? single.decode(String.self) { self = .string(text); return }
        }
        if let keyed = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSON.self, forKey: key) }
            self = .object(object)
            return
        }
        var unkeyed = try decoder.unkeyedContainer()
        var elements: [JSON] = []
        while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSON.self)) }
        self = .array(elements)
    }

    /// Writes this value in the matching form.
    public func encode(to encoder: any Encoder) throws {
        if let node = encoder as? JSONEncodingNode {
            node.storage = .value(self)
            return
        }
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .int(let integer):
            var single = encoder.singleValueContainer()
            try single.encode(integer)
        case .double(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .object(let object):
            var keyed = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in object { try keyed.encode(value, forKey: JSONCodingKey(stringValue: key)) }
        }
    }
}

/// A coding key made at run time: array indices, `super`, and keys rewritten by a key strategy.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    static let `super` = JSONCodingKey(stringValue: "super")
}

extension Array where Element == any CodingKey {
    /// The path as people write it: `data.list[0].id`; the root is `<root>`.
    var jsonPathDescription: String {
        var text = ""
        for key in self {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text.isEmpty ? "<root>" : text
    }
}

extension JSON {
    /// What kind of value this is, for error messages ("a string", "null").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

import JSON

// Interim helpers until the JSON branch's key paths and lenient reads land on main.
extension JSON {
    /// The value at a dotted key path (`"data.list"`, `"urls.regular"`, `"items.0"`); the empty
    /// path is the value itself.
    func feedValue(at keyPath: String) -> JSON? {
        guard !keyPath.isEmpty else { return self }
        var current: JSON? = self
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            let key = String(component)
            if case .array = current, let index = Int(key) { current = current?[index] } else { current = current?[key] }
            if current == nil { return nil }
        }
        return current
    }

    /// A string, or a number written as text; `nil` for anything else.
    var feedString: String? {
        switch self {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        default: return nil
        }
    }

    /// An integer, or a string holding one.
    var feedInt: Int? {
        switch self {
        case .int(let value): return Int(exactly: value)
        case .double(let value): return value == value.rounded() ? Int(exactly: value) : nil
        case .string(let value): return Int(value)
        default: return nil
        }
    }

    /// A boolean, or 0/1, or "true"/"false".
    var feedBool: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .string(let value): return value == "true" ? true : value == "false" ? false : nil
        default: return nil
        }
    }
}

import JSON

/// The messages of a custom source whose key paths do not fit the answer: they say what the
/// answer has instead, so a config can be fixed from the error alone.
enum ItemArrayReport {
    /// At most this many arrays are listed.
    static let listedArrays = 8
    /// Objects are searched this many levels deep.
    static let searchDepth = 6

    /// `No item array at "data.list" (it is an object with keys rows, total); the body has
    /// arrays at data.rows (20 items), tags (3 items)`.
    static func missing(at path: String, in body: JSON) -> String {
        var message = "No item array at " + (path.isEmpty ? "the top level" : "\"\(path)\"")
        if let value = ValuePath(path).value(in: body) { message += " (it is \(describe(value)))" }
        let arrays = arrayPaths(in: body)
        if arrays.isEmpty { return message + "; the body has no arrays" }
        let listed = arrays.prefix(listedArrays).map { "\($0.path.isEmpty ? "the top level" : $0.path) (\(items($0.count)))" }
        return message + "; the body has arrays at " + listed.joined(separator: ", ") + (arrays.count > listedArrays ? ", …" : "")
    }

    /// `None of the 20 items has an id at fields.id "uuid"; the first item has the keys kind, data`.
    static func noIDs(at paths: [String], count: Int, first: JSON) -> String {
        let quoted = paths.map { "\"\($0)\"" }.joined(separator: " or ")
        let subject = count == 1 ? "The only item has no id" : "None of the \(count) items has an id"
        let keys = first.objectValue.map { "the first item has the keys \($0.orderedKeys.prefix(20).joined(separator: ", "))" }
            ?? "the first item is \(describe(first))"
        return "\(subject) at fields.id \(quoted); \(keys)"
    }

    /// The key paths of the arrays in `body`, breadth first through objects (arrays are not
    /// entered: their elements are items, not containers).
    static func arrayPaths(in body: JSON) -> [(path: String, count: Int)] {
        var found: [(path: String, count: Int)] = []
        var level: [(path: String, value: JSON)] = [("", body)]
        for _ in 0...searchDepth where !level.isEmpty {
            var next: [(path: String, value: JSON)] = []
            for (path, value) in level {
                switch value {
                case .array(let elements): found.append((path, elements.count))
                case .object(let object):
                    for (key, child) in object { next.append((path.isEmpty ? key : "\(path).\(key)", child)) }
                default: break
                }
            }
            level = next
        }
        return found
    }

    private static func describe(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array(let elements): return "an array of \(items(elements.count))"
        case .object(let object):
            return object.isEmpty ? "an empty object" : "an object with keys \(object.orderedKeys.prefix(12).joined(separator: ", "))"
        }
    }

    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
}

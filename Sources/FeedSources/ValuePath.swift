import JSON

/// A key path into an API's JSON, parsed once: dotted members (`data.children`), array indices
/// (`images.0`, `items[-1]` from the end), an element chosen by a member's value
/// (`links[rel=next].href`, as HAL, JSON:API and NASA's image API link their pages), and `*`,
/// an object's values in order (`query.pages.*`: MediaWiki's pages keyed by id).
///
/// A component of digits indexes an array and names a member of an object. A bracket group
/// that is neither an index, `*` nor `key=value` is part of the member's name, so `a[b]` is
/// the member `a[b]`. The empty path is the whole value.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    /// One step from a value to the next.
    enum Step: Sendable, Hashable {
        /// An object's member; on an array, digits are an index.
        case member(String)
        /// An array's element; negative counts from the end.
        case index(Int)
        /// The first element of an array whose member at `key` reads as `value`.
        case match(key: [String], value: String)
        /// An object's values, or an array's elements, as an array.
        case values
    }

    /// The path as written.
    public let text: String
    let steps: [Step]

    /// Parses `text`.
    public init(_ text: String) {
        self.text = text
        steps = text.isEmpty ? [] : Self.components(of: text).flatMap(Self.steps(of:))
    }

    /// The value at this path in `json`, or `nil` when a step finds nothing.
    public func value(in json: JSON) -> JSON? {
        var node = json
        for step in steps {
            guard let next = Self.take(step, from: node) else { return nil }
            node = next
        }
        return node
    }

    public var description: String { text }

    private static func take(_ step: Step, from node: JSON) -> JSON? {
        switch (step, node) {
        case (.member(let key), .object(let object)):
            return object[key]
        case (.member(let key), .array(let elements)):
            guard !key.isEmpty, key.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), let index = Int(key), index < elements.count else { return nil }
            return elements[index]
        case (.index(let index), .array(let elements)):
            let position = index < 0 ? elements.count + index : index
            guard elements.indices.contains(position) else { return nil }
            return elements[position]
        case (.match(let key, let value), .array(let elements)):
            return elements.first { element in
                var member: JSON? = element
                for component in key { member = member.flatMap { take(.member(component), from: $0) } }
                return member?.lenientString == value
            }
        case (.values, .object(let object)):
            return .array(object.map(\.value))
        case (.values, .array):
            return node
        default:
            return nil
        }
    }

    /// `text` split at the dots that are outside brackets.
    private static func components(of text: String) -> [Substring] {
        var components: [Substring] = []
        var start = text.startIndex
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "." where depth == 0:
                components.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            index = text.index(after: index)
        }
        components.append(text[start...])
        return components
    }

    /// One component's steps: `*`, or a member name followed by bracket selectors.
    private static func steps(of component: Substring) -> [Step] {
        if component == "*" { return [.values] }
        var selectors: [Step] = []
        var name = component
        while name.hasSuffix("]"), let open = name.lastIndex(of: "["),
            let selector = selector(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
            selectors.insert(selector, at: 0)
            name = name[..<open]
        }
        if name == "*" { return [.values] + selectors }
        return (name.isEmpty && !selectors.isEmpty ? [] : [.member(String(name))]) + selectors
    }

    /// `-1`, `*` or `key=value` (the value optionally quoted), else `nil`.
    private static func selector(_ text: Substring) -> Step? {
        if text == "*" { return .values }
        if let index = Int(text) { return .index(index) }
        guard let equals = text.firstIndex(of: "="), equals > text.startIndex else { return nil }
        var value = text[text.index(after: equals)...]
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
            value = value.dropFirst().dropLast()
        }
        return .match(key: text[..<equals].split(separator: ".", omittingEmptySubsequences: false).map(String.init), value: String(value))
    }
}

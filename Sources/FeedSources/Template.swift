/// A text with `{name}` placeholders, parsed once.
///
/// A source's URL, query, header and body templates name request placeholders (`{page}`,
/// `{cursor}`, ...; see `SourceConfig.placeholders`); a field template names key paths of the
/// item (`https://cdn.example.com/{logo.path}`). A `{` without a closing `}`, and `{}`, are
/// literal text.
public struct Template: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A run of literal text or one placeholder.
    public enum Part: Sendable, Hashable {
        /// Text copied as is.
        case literal(Substring)
        /// `{name}`, holding `name`.
        case placeholder(Substring)
    }

    /// The text as written.
    public let text: String
    /// The text split into literal runs and placeholders, in order.
    public let parts: [Part]

    /// Parses `text`.
    public init(_ text: String) {
        self.text = text
        var parts: [Part] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if name.isEmpty || name.contains("{") {
                // `{}` or `{a{b}`: the first brace is text; look again after it.
                let next = name.isEmpty ? rest.index(after: close) : rest.index(after: open)
                parts.append(.literal(rest[..<next]))
                rest = rest[next...]
                continue
            }
            if open > rest.startIndex { parts.append(.literal(rest[..<open])) }
            parts.append(.placeholder(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(rest)) }
        self.parts = parts
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// The placeholder names, in order of appearance (repeats included).
    public var placeholders: [Substring] {
        parts.compactMap { part in
            if case .placeholder(let name) = part { return name }
            return nil
        }
    }

    /// `true` when the text has at least one placeholder.
    public var hasPlaceholders: Bool { !placeholders.isEmpty }

    /// The name, when the whole text is exactly one placeholder (`"{pageSize}"`).
    public var solePlaceholder: Substring? {
        guard parts.count == 1, case .placeholder(let name) = parts[0] else { return nil }
        return name
    }

    /// The text with each placeholder replaced by `value(name)`; `nil` as soon as a value is `nil`.
    public func rendered(_ value: (Substring) -> String?) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for part in parts {
            switch part {
            case .literal(let literal): result += literal
            case .placeholder(let name):
                guard let replacement = value(name) else { return nil }
                result += replacement
            }
        }
        return result
    }

    public var description: String { text }
}

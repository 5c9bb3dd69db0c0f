/// A text with `{name}` placeholders, parsed once, in one pass over its bytes.
///
/// A source's URL, query, header and body templates name request placeholders (`{page}`,
/// `{cursor}`, ...); a field template names key paths of the item
/// (`https://cdn.example.com/{logo.path}`); an API's own values may be templates too
/// (`…-{width}x{height}.jpg`). A `{` without a closing `}`, and `{}`, are literal text; in
/// `{a{b}` the placeholder is the innermost `{b}` and `{a` is text.
public struct Template: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A run of literal text or one placeholder.
    public enum Part: Sendable, Hashable {
        /// Text copied as is.
        case literal(Substring)
        /// `{name}`, holding `name`.
        case placeholder(Substring)
    }

    /// How large a template read from a client may be: parsing is linear, but every
    /// placeholder costs a look-up per request or item.
    public struct Limits: Sendable, Equatable {
        /// The longest template, in UTF-8 bytes.
        public var maximumBytes: Int
        /// The most placeholders one template may have.
        public var maximumPlaceholders: Int

        /// Limits of `maximumBytes` and `maximumPlaceholders`.
        public init(maximumBytes: Int, maximumPlaceholders: Int) {
            self.maximumBytes = maximumBytes
            self.maximumPlaceholders = maximumPlaceholders
        }

        /// 8 KiB and 64 placeholders: far more than any URL, header or field needs.
        public static let standard = Limits(maximumBytes: 8192, maximumPlaceholders: 64)
    }

    /// Why a template was refused.
    public enum LimitError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The text is longer than the limit allows.
        case tooLong(bytes: Int, limit: Int)
        /// The text has more placeholders than the limit allows.
        case tooManyPlaceholders(limit: Int)

        public var description: String {
            switch self {
            case .tooLong(let bytes, let limit): return "is \(bytes) bytes long; a template may have at most \(limit)"
            case .tooManyPlaceholders(let limit): return "has more than \(limit) placeholders"
            }
        }
    }

    /// The text as written.
    public let text: String
    /// The text split into literal runs and placeholders, in order.
    public let parts: [Part]

    /// Parses `text`, however long.
    public init(_ text: String) {
        self.text = text
        parts = Self.parse(text, maximumPlaceholders: .max) ?? []
    }

    /// Parses `text` when it stays within `limits`; the length is checked before any parsing.
    public init(checking text: String, limits: Limits = .standard) throws(LimitError) {
        let bytes = text.utf8.count
        guard bytes <= limits.maximumBytes else { throw .tooLong(bytes: bytes, limit: limits.maximumBytes) }
        guard let parts = Self.parse(text, maximumPlaceholders: limits.maximumPlaceholders) else {
            throw .tooManyPlaceholders(limit: limits.maximumPlaceholders)
        }
        self.text = text
        self.parts = parts
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// One pass: the latest `{` is where a placeholder would start, so `}` closes the innermost
    /// one; `nil` as soon as there are more than `maximumPlaceholders`.
    private static func parse(_ text: String, maximumPlaceholders: Int) -> [Part]? {
        var parts: [Part] = []
        var count = 0
        let utf8 = text.utf8
        var literalStart = utf8.startIndex
        var open: String.Index?
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "{") {
                open = index
            } else if byte == UInt8(ascii: "}"), let start = open {
                let nameStart = utf8.index(after: start)
                if nameStart < index {
                    count += 1
                    if count > maximumPlaceholders { return nil }
                    if literalStart < start { parts.append(.literal(text[literalStart..<start])) }
                    parts.append(.placeholder(text[nameStart..<index]))
                    literalStart = utf8.index(after: index)
                }
                open = nil
            }
            index = utf8.index(after: index)
        }
        if literalStart < utf8.endIndex { parts.append(.literal(text[literalStart...])) }
        return parts
    }

    /// The placeholder names, in order of appearance (repeats included).
    public var placeholders: [Substring] {
        parts.compactMap { part in
            if case .placeholder(let name) = part { return name }
            return nil
        }
    }

    /// `true` when the text has at least one placeholder.
    public var hasPlaceholders: Bool {
        parts.contains { if case .placeholder = $0 { return true } else { return false } }
    }

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

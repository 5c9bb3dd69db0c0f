import FeedModel
import JSON

/// Where one `FeedItem` field's value comes from in an API item: a key path (`urls.regular`,
/// `images.0`), or a template over key paths (`https://cdn.example.com/{logo}`,
/// `/id/{id}/400/300`) when the text has a `{…}` placeholder.
public struct FieldPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key path or template as written.
    public let text: String
    /// The parsed template, when `text` has placeholders.
    private let template: Template?
    /// `text` split at its dots, when it is a key path: split once, read for every item.
    private let components: [String]

    /// The key path or template `text`.
    public init(_ text: String) {
        self.text = text
        let template = Template(text)
        self.template = template.hasPlaceholders ? template : nil
        components = template.hasPlaceholders || text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// The value in `item`, or `nil` when it is absent, null or empty text. A template fails as
    /// soon as one of its key paths does; its values are inserted as the API wrote them.
    public func value(in item: JSON) -> JSON? {
        guard let template else {
            guard let value = item[keyPathComponents: components], !value.isNull, value.lenientString != "" else { return nil }
            return value
        }
        let text = template.rendered { path in
            guard let value = item[keyPath: String(path)]?.lenientString, !value.isEmpty else { return nil }
            return value
        }
        return text.map(JSON.string)
    }

    public var description: String { text }
}

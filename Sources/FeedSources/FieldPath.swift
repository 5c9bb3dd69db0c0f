import FeedModel
import JSON

/// Where one `FeedItem` field's value comes from in an API item: a key path (`urls.regular`,
/// `images.0`, `links[rel=enclosure].href`), or a template when the text has a `{…}`
/// placeholder (`https://cdn.example.com/{logo}`, `{$.config.iiif_url}/{image_id}/full/843,/0/default.jpg`;
/// see `ValueReference`).
///
/// With `fill`, the value read is itself a template of the API's (`…-{width}x{height}.jpg`),
/// filled with these values (and, for images, with the size a front end asks for).
public struct FieldPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key path or template as written.
    public let text: String
    /// The values that fill the placeholders of the value read, when declared.
    public let fill: [String: String]?
    /// The parsed template, when `text` has placeholders.
    private let template: ValueTemplate?
    /// The key path (`urls.regular`, `@`, `$.config.logo`), when `text` has no placeholder.
    private let path: ValueReference

    /// The key path or template `text`, its value filled with `fill` when given.
    public init(_ text: String, fill: [String: String]? = nil) {
        self.text = text
        self.fill = fill
        let template = Template(text)
        self.template = template.hasPlaceholders ? ValueTemplate(template) : nil
        path = ValueReference(template.hasPlaceholders ? "" : text[...])
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// The value in `item` (with `root` the whole answer), or `nil` when it is absent, null or
    /// empty text. A template fails as soon as one of its values does; values are inserted as
    /// the API wrote them. With `fill`, a text value is filled with it (and fails when a
    /// placeholder has no fill).
    public func value(in item: JSON, root: JSON? = nil) -> JSON? {
        read(in: ValueScope(current: item, root: root))?.value
    }

    /// The value, and the API's own template behind it when `fill` filled one.
    func read(in scope: ValueScope) -> (value: JSON, template: ImageURLTemplate?)? {
        let value: JSON
        if let template {
            guard let text = template.rendered(in: scope) else { return nil }
            value = .string(text)
        } else {
            guard let found = path.value(in: scope), !found.isNull, found.lenientString != "" else { return nil }
            value = found
        }
        guard let fill, case .string(let text) = value, let urlTemplate = ImageURLTemplate(url: text, fills: fill) else {
            return (value, nil)
        }
        guard let filled = urlTemplate.url() else { return nil }
        return (.string(filled), urlTemplate)
    }

    public var description: String { text }
}

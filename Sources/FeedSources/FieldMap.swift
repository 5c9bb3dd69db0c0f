import FeedModel
import JSON

/// Where each `FeedItem` field lives in one API item: a list of key paths or templates per
/// field, tried in order (`["description", "alt_description"]`). Only `id` is required: an item
/// without one is dropped, an item without an image is kept.
public struct FieldMap: Sendable, Equatable {
    /// A value passed through to the item's `extra` under `name`.
    public struct Extra: Sendable, Equatable {
        /// The member name in `extra`.
        public var name: String
        /// Where the value is, tried in order.
        public var paths: [FieldPath]

        /// An extra value `name` read from `paths`.
        public init(name: String, paths: [FieldPath]) {
            self.name = name
            self.paths = paths
        }
    }

    /// Where each field is; an empty list is not read.
    public var id, title, imageURL, thumbnailURL, author, source, publishedAt, width, height: [FieldPath]
    /// The values passed through to `extra`, in the order written.
    public var extra: [Extra]

    /// The member names of the `fields` object, in documentation order.
    static let names = ["id", "title", "imageURL", "thumbnailURL", "author", "source", "publishedAt", "width", "height", "extra"]

    /// A map; unspecified optional fields are not read.
    public init(
        id: [FieldPath], title: [FieldPath], imageURL: [FieldPath] = [], thumbnailURL: [FieldPath] = [], author: [FieldPath] = [],
        source: [FieldPath] = [], publishedAt: [FieldPath] = [], width: [FieldPath] = [], height: [FieldPath] = [], extra: [Extra] = []
    ) {
        (self.id, self.title, self.imageURL, self.thumbnailURL) = (id, title, imageURL, thumbnailURL)
        (self.author, self.source, self.publishedAt, self.width, self.height) = (author, source, publishedAt, width, height)
        self.extra = extra
    }

    /// The item `json` describes, or `nil` when it has no id. `root` is the whole answer the
    /// item came from (for `$.` references). The `extra` values go into the item's `extra` as
    /// its member `extra` (the wire's `FeedItem.extra`), beside the fields local edits set. Image URLs that are relative references
    /// (`/media/a.jpg`) are resolved against `pageURL`, the page that listed them.
    public func item(from json: JSON, root: JSON? = nil, pageURL: String? = nil) -> FeedItem? {
        let scope = ValueScope(current: json, root: root)
        // The first alternative that reads as the type the field wants wins.
        func text(_ paths: [FieldPath]) -> String? { paths.lazy.compactMap { $0.read(in: scope)?.value.lenientString }.first }
        // A negative size is the API's mistake: left out rather than sent (schema: minimum 0).
        func size(_ paths: [FieldPath]) -> Int? { paths.lazy.compactMap { $0.read(in: scope)?.value.lenientInt }.first.flatMap { $0 >= 0 ? $0 : nil } }
        func resolved(_ reference: String) -> String {
            guard let pageURL, !URIReference.hasScheme(reference) else { return reference }
            return URIReference.resolve(reference, against: pageURL)
        }
        func url(_ paths: [FieldPath]) -> (url: String, template: ImageURLTemplate?)? {
            for path in paths {
                guard let read = path.read(in: scope), let reference = read.value.lenientString else { continue }
                guard let template = read.template else { return (resolved(reference), nil) }
                let resolvedTemplate = ImageURLTemplate(url: resolved(template.template.text), fills: template.fills) ?? template
                return (resolvedTemplate.url() ?? resolved(reference), resolvedTemplate)
            }
            return nil
        }
        guard let id = text(id) else { return nil }
        let image = url(imageURL), thumbnail = url(thumbnailURL)
        var extras = JSONObject()
        for field in extra {
            if let value = field.paths.lazy.compactMap({ $0.read(in: scope)?.value }).first { extras[field.name] = value }
        }
        return FeedItem(
            id: id, title: text(title) ?? "", imageURL: image?.url, thumbnailURL: thumbnail?.url, author: text(author),
            source: text(source), publishedAt: text(publishedAt), width: size(width), height: size(height),
            imageURLTemplate: image?.template, thumbnailURLTemplate: thumbnail?.template,
            extra: extras.isEmpty ? nil : JSONObject([("extra", .object(extras))]))
    }
}

import FeedModel
import JSON

/// Where each `FeedItem` field lives in one API item: a list of key paths or templates per
/// field, tried in order (`["description", "alt_description"]`). Only `id` is required: an item
/// without one is dropped, an item without an image is kept.
public struct FieldMap: Sendable, Equatable {
    /// Where each field is; an empty list is not read.
    public var id, title, imageURL, thumbnailURL, author, source, publishedAt, width, height: [FieldPath]

    /// The member names of the `fields` object, in documentation order.
    static let names = ["id", "title", "imageURL", "thumbnailURL", "author", "source", "publishedAt", "width", "height"]

    /// A map; unspecified optional fields are not read.
    public init(
        id: [FieldPath], title: [FieldPath], imageURL: [FieldPath] = [], thumbnailURL: [FieldPath] = [], author: [FieldPath] = [],
        source: [FieldPath] = [], publishedAt: [FieldPath] = [], width: [FieldPath] = [], height: [FieldPath] = []
    ) {
        (self.id, self.title, self.imageURL, self.thumbnailURL) = (id, title, imageURL, thumbnailURL)
        (self.author, self.source, self.publishedAt, self.width, self.height) = (author, source, publishedAt, width, height)
    }

    /// The item `json` describes, or `nil` when it has no id. Image URLs that are relative
    /// references (`/media/a.jpg`) are resolved against `pageURL`, the page that listed them.
    public func item(from json: JSON, pageURL: String? = nil) -> FeedItem? {
        // The first alternative that reads as the type the field wants wins.
        func text(_ paths: [FieldPath]) -> String? { paths.lazy.compactMap { $0.value(in: json)?.lenientString }.first }
        // A negative size is the API's mistake: left out rather than sent (schema: minimum 0).
        func size(_ paths: [FieldPath]) -> Int? { paths.lazy.compactMap { $0.value(in: json)?.lenientInt }.first.flatMap { $0 >= 0 ? $0 : nil } }
        func url(_ paths: [FieldPath]) -> String? {
            guard let reference = text(paths) else { return nil }
            guard let pageURL, !URIReference.hasScheme(reference) else { return reference }
            return URIReference.resolve(reference, against: pageURL)
        }
        guard let id = text(id) else { return nil }
        return FeedItem(
            id: id, title: text(title) ?? "", imageURL: url(imageURL), thumbnailURL: url(thumbnailURL), author: text(author),
            source: text(source), publishedAt: text(publishedAt), width: size(width), height: size(height))
    }

    /// Reads a map from `{"id": "_id", "title": ["description", "alt_description"], ...}`.
    init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: Set(Self.names))
        func paths(_ name: String) throws(FeedInputError) -> [FieldPath]? { try reader.keyPaths(name)?.map { FieldPath($0) } }
        guard let id = try paths("id") else { throw FeedInputError(field: reader.path("id"), reason: "is required") }
        self.init(
            id: id, title: try paths("title") ?? ["title"], imageURL: try paths("imageURL") ?? [],
            thumbnailURL: try paths("thumbnailURL") ?? [], author: try paths("author") ?? [],
            source: try paths("source") ?? [], publishedAt: try paths("publishedAt") ?? [],
            width: try paths("width") ?? [], height: try paths("height") ?? [])
    }
}

import JSON

/// Where each `FeedItem` field lives in one API item: a list of key paths per field, tried in
/// order (`["description", "alt_description"]`). `id` and `imageURL` are required.
public struct FieldMap: Sendable, Equatable {
    /// Key paths of each field.
    public var id, title, imageURL, thumbnailURL, author, source, publishedAt, width, height: [String]

    /// A map; unspecified optional fields are not read.
    public init(
        id: [String], title: [String], imageURL: [String], thumbnailURL: [String] = [], author: [String] = [],
        source: [String] = [], publishedAt: [String] = [], width: [String] = [], height: [String] = []
    ) {
        (self.id, self.title, self.imageURL, self.thumbnailURL) = (id, title, imageURL, thumbnailURL)
        (self.author, self.source, self.publishedAt, self.width, self.height) = (author, source, publishedAt, width, height)
    }

    /// The item `json` describes, or `nil` when it has no id or no image URL.
    public func item(from json: JSON) -> FeedItem? {
        func first(_ paths: [String]) -> JSON? {
            paths.lazy.compactMap { json[keyPath: $0] }.first { !$0.isNull && $0.lenientString != "" }
        }
        func text(_ paths: [String]) -> String? { first(paths)?.lenientString }
        // A negative or non-integer size is the API's mistake: left out rather than sent (schema: minimum 0).
        func size(_ paths: [String]) -> Int? { first(paths)?.lenientInt.flatMap { $0 >= 0 ? $0 : nil } }
        guard let id = text(id), let imageURL = text(imageURL) else { return nil }
        return FeedItem(
            id: id, title: text(title) ?? "", imageURL: imageURL, thumbnailURL: text(thumbnailURL), author: text(author),
            source: text(source), publishedAt: text(publishedAt), width: size(width), height: size(height))
    }

    /// Reads a map from `{"id": "_id", "title": ["description", "alt_description"], ...}`.
    init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        let names = ["id", "title", "imageURL", "thumbnailURL", "author", "source", "publishedAt", "width", "height"]
        try reader.rejectUnknownKeys(allowed: Set(names))
        guard let id = try reader.keyPaths("id") else { throw FeedInputError(field: reader.path("id"), reason: "is required") }
        guard let imageURL = try reader.keyPaths("imageURL") else { throw FeedInputError(field: reader.path("imageURL"), reason: "is required") }
        self.init(
            id: id, title: try reader.keyPaths("title") ?? ["title"], imageURL: imageURL,
            thumbnailURL: try reader.keyPaths("thumbnailURL") ?? [], author: try reader.keyPaths("author") ?? [],
            source: try reader.keyPaths("source") ?? [], publishedAt: try reader.keyPaths("publishedAt") ?? [],
            width: try reader.keyPaths("width") ?? [], height: try reader.keyPaths("height") ?? [])
    }
}

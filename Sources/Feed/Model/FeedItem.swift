import JSON

/// One entry of a feed, normalized from whatever source produced it.
///
/// The wire shape (see `json`) is `{"id", "title"}` plus, when known, `imageURL`,
/// `thumbnailURL`, `author`, `source`, `publishedAt`, `width`, `height`. An item without an
/// image (an article without a cover, a text post) has no `imageURL`.
public struct FeedItem: Sendable, Equatable, Hashable {
    /// The source's identifier; unique within a list (duplicates are dropped on load).
    public var id: String
    /// A one-line caption.
    public var title: String
    /// The image as the API gave it, whatever its scheme (relative references resolved);
    /// `nil` when the item has none.
    public var imageURL: String?
    /// A smaller rendition of the image, when the source has one.
    public var thumbnailURL: String?
    /// Who made or posted the item.
    public var author: String?
    /// Where the item came from (an app, a site).
    public var source: String?
    /// The publication date as the API wrote it.
    public var publishedAt: String?
    /// The image width in pixels, when the API says.
    public var width: Int?
    /// The image height in pixels, when the API says.
    public var height: Int?

    /// An item with the given fields.
    public init(
        id: String, title: String, imageURL: String?, thumbnailURL: String? = nil, author: String? = nil,
        source: String? = nil, publishedAt: String? = nil, width: Int? = nil, height: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.imageURL = imageURL
        self.thumbnailURL = thumbnailURL
        self.author = author
        self.source = source
        self.publishedAt = publishedAt
        self.width = width
        self.height = height
    }

    /// The wire encoding; absent optional fields are omitted, not null.
    public var json: JSON {
        var object = JSONObject()
        var members = 2
        for present in [imageURL != nil, thumbnailURL != nil, author != nil, source != nil, publishedAt != nil]
        where present { members += 1 }
        if width != nil { members += 1 }
        if height != nil { members += 1 }
        object.reserveCapacity(members)  // one allocation per array, not four
        object.appendUnchecked(key: "id", value: .string(id))
        object.appendUnchecked(key: "title", value: .string(title))
        if let imageURL { object.appendUnchecked(key: "imageURL", value: .string(imageURL)) }
        if let thumbnailURL { object.appendUnchecked(key: "thumbnailURL", value: .string(thumbnailURL)) }
        if let author { object.appendUnchecked(key: "author", value: .string(author)) }
        if let source { object.appendUnchecked(key: "source", value: .string(source)) }
        if let publishedAt { object.appendUnchecked(key: "publishedAt", value: .string(publishedAt)) }
        if let width { object.appendUnchecked(key: "width", value: .int(Int64(width))) }
        if let height { object.appendUnchecked(key: "height", value: .int(Int64(height))) }
        return .object(object)
    }

    /// Reads the wire encoding back; `nil` when `id` or `title` is missing.
    public init?(json: JSON) {
        guard let id = json["id"]?.stringValue, let title = json["title"]?.stringValue else { return nil }
        self.init(
            id: id, title: title, imageURL: json["imageURL"]?.stringValue, thumbnailURL: json["thumbnailURL"]?.stringValue,
            author: json["author"]?.stringValue, source: json["source"]?.stringValue,
            publishedAt: json["publishedAt"]?.stringValue, width: json["width"]?.intValue.map(Int.init),
            height: json["height"]?.intValue.map(Int.init))
    }
}

extension FeedItem: IdentifiableItem {
    public var identity: String { id }
}

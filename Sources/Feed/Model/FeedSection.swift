import JSON

/// A section of a feed: its items and an optional header, in the spirit of RxDataSources'
/// `SectionModelType` (seed 000's `LXFSection`).
public struct FeedSection: Sendable, Equatable {
    /// The section's identity for diffs; the feed's single section is `"feed"`.
    public var identity: String
    /// The header text, when the section has one.
    public var header: String?
    /// The rows. Copies share their items, and appending to the newest copy never copies the
    /// list (see `AppendOnlyList`).
    public var items: AppendOnlyList<FeedItem>

    /// A section holding `items`.
    public init(identity: String = "feed", header: String? = nil, items: AppendOnlyList<FeedItem>) {
        self.identity = identity
        self.header = header
        self.items = items
    }

    /// The same section with other items (`SectionModelType.init(original:items:)`).
    public init(original: FeedSection, items: AppendOnlyList<FeedItem>) {
        self = original
        self.items = items
    }

    /// The wire encoding: `{"items": [...]}` plus `"header"` when there is one.
    public var json: JSON {
        var object = JSONObject()
        if let header { object.appendUnchecked(key: "header", value: .string(header)) }
        object.appendUnchecked(key: "items", value: .array(items.map(\.json)))
        return .object(object)
    }
}

extension Array where Element == FeedSection {
    /// The wire encoding of a snapshot: an array of sections.
    public var json: JSON { .array(map(\.json)) }
}

/// A section of a feed: its items and an optional header, in the spirit of RxDataSources'
/// `SectionModelType` (seed 000's `LXFSection`).
public struct FeedSection: Sendable, Equatable {
    /// The header text, when the section has one.
    public var header: String?
    /// The rows. Copies share their items, and appending to the newest copy never copies the
    /// list (see `PagedList`).
    public var items: PagedList<FeedItem>

    /// A section holding `items`.
    public init(header: String? = nil, items: PagedList<FeedItem>) {
        self.header = header
        self.items = items
    }
}

/// Where a list goes on: what its next load-more asks for.
public struct FeedContinuation: Sendable, Equatable {
    /// The index of the next page (the number of pages loaded since the reload).
    public var nextPage: Int
    /// The cursor or next URL the last page handed out, for cursor and next-URL paging.
    public var cursor: String?
    /// `false` once the source said the list ended.
    public var hasMore: Bool

    /// A continuation at page `nextPage`.
    public init(nextPage: Int, cursor: String? = nil, hasMore: Bool = true) {
        self.nextPage = nextPage
        self.cursor = cursor
        self.hasMore = hasMore
    }
}

/// Where a stored list goes on: what the next load-more asks for.
public struct StoreContinuation: Sendable, Equatable {
    /// The index of the next page (the number of pages stored).
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

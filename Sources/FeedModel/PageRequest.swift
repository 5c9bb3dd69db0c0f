/// Which page a load asks a source for.
public struct PageRequest: Sendable, Equatable {
    /// Pages already loaded since the last reload: 0 for a reload, 1 for the second page, ...
    public var index: Int
    /// Items per page.
    public var pageSize: Int
    /// The feed category, e.g. `all` or `福利`.
    public var category: String
    /// The cursor the previous page handed out, for cursor paging; `nil` on the first page.
    public var cursor: String?
    /// The cursors the pages after the first were loaded with since the last reload, oldest
    /// first (`cursor` itself not among them): a source that hands out one of them again, or
    /// names the first page, would loop.
    public var loadedCursors: [String]

    /// A request for page `index`.
    public init(index: Int, pageSize: Int, category: String, cursor: String? = nil, loadedCursors: [String] = []) {
        self.index = index
        self.pageSize = pageSize
        self.category = category
        self.cursor = cursor
        self.loadedCursors = loadedCursors
    }
}

/// One page as a source returns it.
public struct FeedPage: Sendable, Equatable {
    /// The page's items in API order (duplicates not yet dropped).
    public var items: [FeedItem]
    /// `false` once the source knows this is the last page.
    public var hasMore: Bool
    /// The cursor for the next page, for cursor paging.
    public var nextCursor: String?
    /// Why this is the last page, when `hasMore` is false and the source knows.
    public var endReason: EndReason?
    /// What looked wrong in the answer without failing it, for the user
    /// (`"nextURL 'next' is not in the page; the list ends after page 1"`).
    public var warnings: [String]

    /// A page.
    public init(items: [FeedItem], hasMore: Bool, nextCursor: String? = nil, endReason: EndReason? = nil, warnings: [String] = []) {
        self.items = items
        self.hasMore = hasMore
        self.nextCursor = nextCursor
        self.endReason = endReason
        self.warnings = warnings
    }
}

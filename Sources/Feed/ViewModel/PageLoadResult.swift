import FeedModel

/// How one load command ended.
public struct PageLoadResult: Sendable, Equatable {
    /// The sections revision after the load.
    public var revision: Int
    /// The number of items in the list.
    public var count: Int
    /// The number of pages loaded since the last reload (1 after a reload).
    public var page: Int
    /// Whether a load-more may bring more items.
    public var hasMore: Bool
    /// Items this load dropped because their id was already listed.
    public var duplicatesDropped: Int
    /// Why the list ended, when `hasMore` is false and the source said.
    public var endReason: EndReason?
    /// The attempts the load took (more than 1 after transient failures).
    public var attempts: Int
    /// What looked wrong in the page without failing it (a configured key path it lacks).
    public var warnings: [String]
    /// For `showNew`, how many new items it showed; `nil` for a load.
    public var shown: Int?

    /// A result.
    public init(
        revision: Int, count: Int, page: Int, hasMore: Bool, duplicatesDropped: Int = 0, endReason: EndReason? = nil,
        attempts: Int = 1, warnings: [String] = []
    ) {
        self.revision = revision
        self.count = count
        self.page = page
        self.hasMore = hasMore
        self.duplicatesDropped = duplicatesDropped
        self.endReason = endReason
        self.attempts = attempts
        self.warnings = warnings
    }
}

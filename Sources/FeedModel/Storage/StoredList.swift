/// A feed's list as a store holds it: the items of its pages in order (as the source gave them,
/// local edits not applied), where it goes on, and when it was fetched.
public struct StoredList: Sendable, Equatable {
    /// The items of the stored pages, in list order.
    public var items: [FeedItem]
    /// What the next load-more asks for.
    public var continuation: FeedContinuation
    /// When the list's first page was fetched (its last successful reload), in milliseconds
    /// since 1970.
    public var storedAt: Int64
    /// Names the reload the list grew from: a store appends a page only to the list of the
    /// generation it follows, so a list is always whole pages of one reload.
    public var generation: Int64

    /// A list.
    public init(items: [FeedItem], continuation: FeedContinuation, storedAt: Int64, generation: Int64) {
        self.items = items
        self.continuation = continuation
        self.storedAt = storedAt
        self.generation = generation
    }
}

/// What a store holds for one feed: its list, if one was stored, and the user's local edits.
public struct StoredFeed: Sendable, Equatable {
    /// The stored list; `nil` when none is (only edits are, or it was evicted).
    public var list: StoredList?
    /// The user's edits of the feed.
    public var edits: LocalEdits

    /// What a store holds.
    public init(list: StoredList?, edits: LocalEdits) {
        self.list = list
        self.edits = edits
    }
}

/// A feed's list as the store holds it: the items of its pages in order, where it goes on, and
/// when it was fetched.
public struct StoredList: Sendable, Equatable {
    /// The items of the stored pages, in list order.
    public var items: [StoredItem]
    /// What the next load-more asks for.
    public var continuation: StoreContinuation
    /// When the list's first page was fetched (the last successful reload), in milliseconds
    /// since 1970.
    public var reloadedAt: Int64
    /// Names the reload the list grew from: a page is only appended to the list it follows
    /// (`FeedDatabase.appendPage`), so a list is always whole pages of one reload.
    public var generation: Int64

    /// A list.
    public init(items: [StoredItem], continuation: StoreContinuation, reloadedAt: Int64, generation: Int64) {
        self.items = items
        self.continuation = continuation
        self.reloadedAt = reloadedAt
        self.generation = generation
    }
}

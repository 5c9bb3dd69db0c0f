import JSON

/// Where a view model keeps its feeds between sessions and processes: the store behind
/// offline-first lists (FeedVM's is an SQLite file, target `Store`). A view model without one
/// (`--store none`) behaves the same, remembering only for as long as it lives.
///
/// Calls are synchronous and made on the view model's scheduler; a store that fails reports it
/// its own way and answers as an empty store would (`nil`, `false`), never throwing at the
/// view model.
public protocol FeedStore: Sendable {
    /// The feed `key`'s list and edits, `nil` when the store knows nothing of it.
    func storedFeed(_ key: FeedKey) -> StoredFeed?

    /// Makes `items` (a reload's first page, fetched at `storedAt` milliseconds since 1970) the
    /// feed's whole list; returns the new list's generation, `nil` when nothing was stored.
    func storeReload(_ key: FeedKey, items: [FeedItem], continuation: FeedContinuation, storedAt: Int64) -> Int64?

    /// Appends `items` as page `page` of the list of `generation`; `false` (and nothing
    /// stored) unless the stored list is that generation's first `page` pages.
    func storePage(_ key: FeedKey, generation: Int64, page: Int, items: [FeedItem], continuation: FeedContinuation) -> Bool

    /// Hides item `id` of the feed for good.
    func storeHidden(_ key: FeedKey, id: String)

    /// Sets `fields` on item `id` of the feed, over the fields set before.
    func storePatch(_ key: FeedKey, id: String, fields: JSONObject)
}

import FeedModel

extension FeedViewModelState {
    /// Takes what `store` holds for `input`'s feed: its edits, and its list with where it goes
    /// on, fetched at its `storedAt`: stale (to be reloaded as the session opens) once older
    /// than `staleAfterMs`. Returns the rows to show (edits applied,
    /// duplicates dropped); without a stored list, none, with paging at its start.
    mutating func restore(_ input: FeedInput, from store: (any FeedStore)?, now: Int64) -> [FeedItem] {
        living.key = input.feedKey
        _ = restart()
        guard let stored = store?.storedFeed(living.key) else {
            living.edits = LocalEdits()
            return []
        }
        living.edits = stored.edits
        guard let list = stored.list else { return [] }
        living.generation = list.generation
        living.storedAt = list.storedAt
        loads.lastUpdated = Double(list.storedAt) / 1000
        living.reloadsOnOpen = now - list.storedAt >= Int64(input.staleAfterMs)
        living.isStale = living.reloadsOnOpen
        loadedPages = list.continuation.nextPage
        cursor = list.continuation.cursor
        hasMore = list.continuation.hasMore
        var seen = Set<String>(minimumCapacity: list.items.count)
        return living.edits.applied(to: list.items.filter { seen.insert($0.id).inserted })
    }

    /// Forgets the list's place in the store, keeping the feed and its edits: paging starts
    /// over from an empty list. Returns the rows to show (none).
    mutating func restart() -> [FeedItem] {
        living.held = nil
        living.displayed = []
        living.generation = nil
        living.isStale = false
        living.storedAt = nil
        living.reloadsOnOpen = false
        return []
    }
}

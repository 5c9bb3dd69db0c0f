import FeedModel
import Reactive

/// What keeps a session's list alive across sessions and reloads: where the store keeps it,
/// the user's edits, whether it is a stale stored list, the rows the reader sees, and a
/// background reload's new items waiting to be shown. Part of `FeedViewModelState`; only the
/// view model's scheduler touches it.
struct LivingFeed {
    /// A background reload's list, held while its new items are announced (`newItems`).
    struct HeldReload {
        /// The page as the source gave it (duplicates dropped, edits not applied).
        let fresh: [FeedItem]
        /// What followed the page.
        let hasMore: Bool
        let cursor: String?
        /// Why the list ends there, when it does.
        let endReason: EndReason?
        /// The ids of the items new at the top.
        let newIDs: [String]
    }

    /// The feed's name in the store.
    var key: FeedKey
    /// The user's edits, applied to every page and reload.
    var edits = LocalEdits()
    /// The generation of the stored list this list follows; `nil` when none is stored.
    var generation: Int64?
    /// Whether the list is a stored one no reload of this session has confirmed.
    var isStale = false
    /// When the stored list was fetched, in milliseconds since 1970.
    var storedAt: Int64?
    /// Whether opening the session reloads the stored list (it is older than `staleAfterMs`).
    var reloadsOnOpen = false
    /// Ids of the rows the front end displays (`willDisplay` until `didEndDisplaying`).
    var displayed: Set<String> = []
    /// A background reload's list waiting for `showNew`.
    var held: HeldReload?
    /// Whether background reloads run (the session is bound and `refreshIntervalMs` is set).
    var autoRefreshes = false
    /// The next background reload.
    let refreshTimer = SerialDisposable()

    /// The first displayed row that is still in `list`, as an anchor in it; rows are looked for
    /// in the order they had in `previous`.
    func anchor(from previous: PagedList<FeedItem>, in list: [FeedItem]) -> SectionsAnchor? {
        guard !displayed.isEmpty else { return nil }
        var newIndex: [String: Int] = [:]
        for (index, item) in list.enumerated() where displayed.contains(item.id) { newIndex[item.id] = index }
        for item in previous where displayed.contains(item.id) {
            if let index = newIndex[item.id] { return SectionsAnchor(id: item.id, index: index) }
        }
        return nil
    }
}

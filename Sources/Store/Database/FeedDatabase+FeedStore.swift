import FeedModel
import JSON

/// The view model's side of the store: each operation's failure is reported (a damaged or
/// missing store once, others each time) and answered as an empty store would.
extension FeedDatabase: FeedStore {
    public func storedFeed(_ key: FeedKey) -> StoredFeed? {
        attempt("read a feed") { () throws(StoreError) in try read(key) } ?? nil
    }

    public func storeReload(_ key: FeedKey, items: [FeedItem], continuation: FeedContinuation, storedAt: Int64) -> Int64? {
        attempt("store a reload") { () throws(StoreError) in try replaceList(key, items: items, continuation: continuation, storedAt: storedAt) }
    }

    public func storePage(_ key: FeedKey, generation: Int64, page: Int, items: [FeedItem], continuation: FeedContinuation) -> Bool {
        attempt("store a page") { () throws(StoreError) in try appendPage(key, generation: generation, page: page, items: items, continuation: continuation) } ?? false
    }

    public func storeHidden(_ key: FeedKey, id: String) {
        attempt("store a hidden item") { () throws(StoreError) in try hide(key, id: id) }
    }

    public func storePatch(_ key: FeedKey, id: String, fields: JSONObject) {
        attempt("store an item's edit") { () throws(StoreError) in try patch(key, id: id, fields: fields) }
    }

    /// `body`'s result, or `nil` after reporting why it failed (a store that is unavailable
    /// was reported once already by `perform`).
    @discardableResult
    private func attempt<Result>(_ operation: String, _ body: () throws(StoreError) -> Result) -> Result? {
        do {
            return try body()
        } catch {
            if case .sqlite(let failure) = error, !failure.isCorruption, !failure.isUnreadable {
                report(.failed(path: path, operation: operation, reason: failure.description))
            }
            return nil
        }
    }
}

import FeedModel
import Reactive

/// Offline first: a session opens on its feed's stored list, reloads it, and stores what it
/// loads; a reload that overlaps the list keeps the reader's place; a background reload's new
/// items wait for `showNew`. Without a store (`environment.store == nil`) the same code runs
/// and only the storing is skipped.
extension FeedViewModel {
    /// Starts what a session does by itself once its `transform` was answered: the reload of a
    /// stale stored list. Call once, after the first output was read.
    public func resume() {
        environment.scheduler.schedule { [self] in
            let effects = state.withLock { state -> [@Sendable () -> Void] in
                guard !state.isDisposed, state.living.reloadsOnOpen, state.inFlight == nil else { return [] }
                state.living.reloadsOnOpen = false
                return command(reload: true, waiter: { _ in }, kind: .opening, &state)
            }
            effects.forEach { $0() }
        }
    }

    /// Shows the items a background reload announced (`requestCommand {"showNew": true}`):
    /// its list replaces the current one as a reload's would. Succeeds with the list's state and
    /// `shown`, the number of new items shown (0, and nothing changes, when none wait).
    public func showNew() -> Single<PageLoadResult> {
        Single.create { [self] observer in
            environment.scheduler.schedule { [self] in
                let effects = state.withLock { state -> [@Sendable () -> Void] in
                    guard !state.isDisposed else { return [{ observer(.failure(FeedError.cancelled(.disposed))) }] }
                    guard let held = state.living.held else {
                        var outcome = state.currentResult
                        outcome.shown = 0
                        let result = outcome
                        return [{ observer(.success(result)) }]
                    }
                    var effects = reloadList(with: held.fresh, &state)
                    state.loadedPages = 1
                    state.cursor = held.cursor
                    state.hasMore = held.hasMore
                    state.endReason = held.hasMore ? nil : held.endReason
                    state.loads.refresh = .idle
                    state.loads.lastUpdated = environment.wallClock()
                    state.loads.append = state.hasMore ? .idle : .endOfList(state.endReason)
                    effects += persist(held.fresh, reload: true, &state)
                    effects.append(emit(state.footerStatus, state.loads))
                    var outcome = state.currentResult
                    outcome.shown = held.newIDs.count
                    let result = outcome
                    return effects + [{ observer(.success(result)) }]
                }
                effects.forEach { $0() }
            }
            return Disposables.create()
        }
    }

    /// Makes a reload's page (`fresh`: duplicates dropped, edits not applied) the list. When it
    /// shares items with the list, the change keeps the reader's place: incremental clients get
    /// the changes and the anchor; otherwise it is a new list, sent whole. Image loads of the
    /// old rows end here either way (their rows may mean other items now).
    func reloadList(with fresh: [FeedItem], _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        let shown = state.living.edits.applied(to: fresh)
        state.living.held = nil
        state.living.isStale = false
        state.living.storedAt = nil
        var effects = cancelAllImages(because: .superseded, &state)
        if !state.items.isEmpty, shown.contains(where: { state.ids.contains($0.id) }) {
            let anchor = state.living.anchor(from: state.items, in: shown)
            effects += replaceItems(with: shown, keepsPlace: true, anchor: anchor, &state)
            state.living.displayed.formIntersection(state.ids)
        } else {
            state.living.displayed = []
            effects += replaceItems(with: shown, &state)
        }
        return effects
    }

    /// A background reload whose page starts with items the list lacks: holds it and announces
    /// them (`newItems`) instead of moving the list. `nil` when it may be applied at once (no
    /// new items at the top, an empty list, or `autoShowNew`).
    func holdNewItems(
        _ fresh: [FeedItem], of page: FeedPage, _ load: FeedViewModelState.Load, _ state: inout FeedViewModelState
    ) -> [@Sendable () -> Void]? {
        guard !state.input.autoShowNew, !state.items.isEmpty else { return nil }
        let newIDs = state.living.edits.applied(to: fresh).prefix { !state.ids.contains($0.id) }.map(\.id)
        guard !newIDs.isEmpty else { return nil }
        let announced = state.living.held?.newIDs
        state.living.held = .init(fresh: fresh, hasMore: page.hasMore, cursor: page.nextCursor, endReason: page.endReason, newIDs: newIDs)
        var effects: [@Sendable () -> Void] = []
        if announced != newIDs { effects.append { [newItems] in newItems.onNext(NewItems(ids: newIDs)) } }
        let result = state.currentResult
        for (_, waiter) in load.waiters { effects.append { waiter(.success(result)) } }
        return effects
    }

    /// Stores a loaded page (`fresh`: as the source gave it, duplicates dropped) after the list
    /// took it: a reload's as the feed's new list, a load-more's after the pages stored before.
    /// Runs before the load's callers hear of it, so an acknowledged page is a stored one.
    func persist(_ fresh: [FeedItem], reload: Bool, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        guard let store = environment.store else { return [] }
        let key = state.living.key
        let continuation = FeedContinuation(nextPage: state.loadedPages, cursor: state.cursor, hasMore: state.hasMore)
        if reload {
            let now = environment.wallClockMilliseconds
            return [{ [self] in
                let generation = store.storeReload(key, items: fresh, continuation: continuation, storedAt: now)
                self.state.withLock { $0.living.generation = generation }
            }]
        }
        guard let generation = state.living.generation else { return [] }
        let page = state.loadedPages - 1
        return [{ _ = store.storePage(key, generation: generation, page: page, items: fresh, continuation: continuation) }]
    }
}

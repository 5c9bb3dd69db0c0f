import FeedModel
import JSON
import Reactive

/// Local edits (SWR's `mutate`, kept): fields set on an item and items hidden, sent as
/// incremental changes, applied to every later page and reload, and stored with the feed.
extension FeedViewModel {
    /// Sets `fields` on item `id` (fields beyond the nine a source maps go in its `extra`;
    /// check them with `FeedItem.patchProblem` first). Succeeds once the change was emitted.
    public func updateItem(id: String, fields: JSONObject) -> Single<EditOutcome> {
        edit { [self] state in
            state.living.edits.patch(id, with: fields)
            var effects = storing { $0.storePatch($1, id: id, fields: fields) }(state)
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { return (effects, false) }
            let patched = state.items[index].patched(with: fields)
            guard patched != state.items[index] else { return (effects, true) }
            var items = Array(state.items)
            items[index] = patched
            effects += replaceItems(with: items, keepsPlace: true, &state)
            return (effects, true)
        }
    }

    /// Hides item `id` for good: it leaves the list, and no later page or reload brings it back.
    public func removeItem(id: String) -> Single<EditOutcome> {
        edit { [self] state in
            state.living.edits.hidden.insert(id)
            var effects = storing { $0.storeHidden($1, id: id) }(state)
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { return (effects, false) }
            var items = Array(state.items)
            items.remove(at: index)
            state.living.displayed.remove(id)
            // The rows after it move up: image loads under their old indices end here.
            effects += cancelAllImages(because: .superseded, &state) + replaceItems(with: items, keepsPlace: true, &state)
            return (effects, true)
        }
    }

    /// Row `index` left the screen (`didEndDisplaying`): it no longer anchors a reload, and its
    /// pending image loads are cancelled as by `cancelImage`.
    public func didEndDisplaying(index: Int) -> Single<Bool> {
        scheduleReader(index: index) { _, state in
            if state.items.indices.contains(index) { state.living.displayed.remove(state.items[index].id) }
            return nil
        }
        return cancelImage(index: index)
    }

    /// Runs `change` on the scheduler; succeeds with the revision after it and whether it found
    /// its item.
    private func edit(_ change: @escaping @Sendable (inout FeedViewModelState) -> ([@Sendable () -> Void], Bool)) -> Single<EditOutcome> {
        Single.create { [self] observer in
            environment.scheduler.schedule { [self] in
                let effects = state.withLock { state -> [@Sendable () -> Void] in
                    guard !state.isDisposed else { return [{ observer(.failure(FeedError.cancelled(.disposed))) }] }
                    let (effects, found) = change(&state)
                    let outcome = EditOutcome(revision: state.revision, found: found)
                    return effects + [{ observer(.success(outcome)) }]
                }
                effects.forEach { $0() }
            }
            return Disposables.create()
        }
    }

    /// The effect that hands the feed's store `write`, when there is a store.
    private func storing(_ write: @escaping @Sendable (any FeedStore, FeedKey) -> Void) -> (FeedViewModelState) -> [@Sendable () -> Void] {
        { [store = environment.store] state in
            guard let store else { return [] }
            let key = state.living.key
            return [{ write(store, key) }]
        }
    }
}

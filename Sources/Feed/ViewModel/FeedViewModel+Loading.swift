import FeedModel
import JSON
import Locking
import Reactive

extension FeedViewModel {
    /// Runs one load command and reports its outcome after all of its outputs were emitted.
    ///
    /// Succeeds with the load's `PageLoadResult` (a joined load-more gets the result of the load
    /// it joined; a load-more after the end gets the current state at once); fails with
    /// `FeedError.cancelled` when superseded, or the load's failure.
    ///
    /// Disposing the subscription before the outcome withdraws this caller. When no caller is
    /// left (a prefetch never leaves, nor does the output's `requestCommand`, which never
    /// disposes), the load is cancelled as a user who lets go of the refresh control would: its
    /// request is disposed and the spinner ends (`endHeaderRefresh`/`endFooterRefresh`,
    /// `footerStatus`).
    public func request(reload: Bool) -> Single<PageLoadResult> {
        Single.create { [self] observer in
            let token = takeToken()
            let answered = Locked(false)
            environment.scheduler.schedule { [self] in
                let effects = state.withLock { state in
                    command(reload: reload, waiter: { result in
                        answered.withLock { $0 = true }
                        observer(result.singleEvent)
                    }, token: token, &state)
                }
                perform(effects)
            }
            return Disposables.create { [weak self] in
                // Disposing after the outcome (as every finished subscription does) withdraws nothing.
                guard !answered.current else { return }
                self?.environment.scheduler.schedule { [weak self] in self?.withdraw(token: token) }
            }
        }
    }

    /// A caller of `request(reload:)` left; the load stops when it was the last one.
    func withdraw(token: Int) {
        let effects = state.withLock { state -> [@Sendable () -> Void] in
            guard var load = state.inFlight, let position = load.waiters.firstIndex(where: { $0.token == token }) else { return [] }
            load.waiters.remove(at: position)
            state.inFlight = load
            guard load.waiters.isEmpty else { return [] }
            state.inFlight = nil
            load.request.dispose()
            state.loads[load.type] = .idle
            return [emit(load.isReload ? .endHeaderRefresh : .endFooterRefresh, state.loads), emit(state.footerStatus, state.loads)] + releaseReaders(&state)
        }
        perform(effects)
    }

    /// Merges `members` into the input (a category switch, `updateInput`; see
    /// `FeedInput.merging(_:)`): cancels loads and image requests, clears the list, resets
    /// paging. Loads nothing by itself; the view asks for a reload. A switch to an equal input
    /// while nothing is loaded or in flight changes nothing but the members kept.
    ///
    /// Succeeds with the input now in effect, after the outputs of the switch; fails with the
    /// `FeedInputError` of a bad member (nothing changes) or `.cancelled(.disposed)`.
    public func updateInput(merging members: JSONObject) -> Single<FeedInput> {
        Single.create { [self] observer in
            environment.scheduler.schedule { [self] in
                // The input changes only here, on the scheduler: read, merge, then switch.
                let input: FeedInput
                do {
                    input = try state.withLock { $0.input }.merging(members)
                } catch {
                    return observer(.failure(error))
                }
                let source = environment.makeSource(input)
                let effects = state.withLock { state -> [@Sendable () -> Void] in
                    guard !state.isDisposed else { return [{ observer(.failure(FeedError.cancelled(.disposed))) }] }
                    return switchInput(to: input, source: source, &state) + [{ observer(.success(input)) }]
                }
                perform(effects)
            }
            return Disposables.create()
        }
    }

    private func switchInput(to input: FeedInput, source: any FeedSource, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        defer { state.input = input }
        guard state.input != input || state.loadedPages > 0 || state.inFlight != nil else { return [] }
        var effects = cancelInFlight(because: .inputChanged, &state) + cancelAllImages(because: .superseded, &state)
        state.source = source
        state.loadedPages = 0
        state.cursor = nil
        state.loadedCursors = []
        state.hasMore = true
        state.endReason = nil
        state.loads = LoadStates()
        // Another feed opens on its stored list; the same feed (a session-only member changed) starts empty.
        let restored = input.feedKey == state.living.key ? state.restart() : state.restore(input, from: environment.store, now: environment.wallClockMilliseconds)
        effects += replaceItems(with: restored, &state)
        effects.append(emit(state.footerStatus, state.loads))
        return effects
    }

    /// What a load command does, decided on the scheduler.
    func command(
        reload: Bool, waiter: @escaping FeedViewModelState.Waiter, token: Int? = nil, kind: FeedViewModelState.LoadKind = .command,
        _ state: inout FeedViewModelState
    ) -> [@Sendable () -> Void] {
        if state.isDisposed {
            return [{ waiter(.failure(.cancelled(.disposed))) }]
        }
        if !reload {
            if let load = state.inFlight, load.kind != .background {
                state.inFlight!.waiters.append((token, waiter))
                return []
            }
            if !state.hasMore {
                let result = state.currentResult
                return [{ waiter(.success(result)) }]
            }
        }
        var effects = cancelInFlight(because: .superseded, &state)
        var pageRequest = state.input.pageRequest(index: reload ? 0 : state.loadedPages, cursor: reload ? nil : state.cursor)
        pageRequest.loadedCursors = reload ? [] : state.loadedCursors
        // A background reload shows nothing: no status, no load state, no retry.
        let load = FeedViewModelState.Load(
            id: takeToken(), isReload: reload, waiters: [(token, waiter)], request: SerialDisposable(), pageRequest: pageRequest,
            policy: kind == .background ? .never : state.input.retryPolicy, kind: kind)
        state.inFlight = load
        if kind != .background {
            state.loads[load.type] = .loading(attempt: 1)
            effects.append(emit(reload ? .beingHeaderRefresh : .beingFooterRefresh, state.loads))
        }
        // Subscribed after the "being" status went out.
        effects.append(startAttempt(of: load, source: state.source))
        return effects
    }

    /// Sends `load`'s request; the answer always hops to the scheduler.
    func startAttempt(of load: FeedViewModelState.Load, source: any FeedSource) -> @Sendable () -> Void {
        let (id, attempt, request, pageRequest) = (load.id, load.attempt, load.request, load.pageRequest)
        return { [weak self] in
            // The answer is applied on the scheduler: in this pass when the source answered
            // during the subscription.
            request.disposable = source.page(pageRequest).subscribe { [weak self] result in
                self?.performSoon { [weak self] in self?.finishLoad(id: id, attempt: attempt, result: result) }
            }
        }
    }

    /// Cancels the load in flight for `reason`: its request is disposed, its callers get
    /// `.cancelled(reason)`, and its spinner stops (`endHeaderRefresh` or `endFooterRefresh`). The list readers that
    /// waited for it take effect first; a load one of them starts is cancelled in turn, so no
    /// load is left in flight.
    func cancelInFlight(because reason: CancellationReason, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        var effects: [@Sendable () -> Void] = []
        while let load = state.inFlight {
            state.inFlight = nil
            load.request.dispose()
            if load.kind != .background {
                state.loads[load.type] = .idle
                effects.append(emit(load.isReload ? .endHeaderRefresh : .endFooterRefresh, state.loads))
            }
            for (_, waiter) in load.waiters { effects.append { waiter(.failure(.cancelled(reason))) } }
            effects += releaseReaders(&state)
        }
        return effects
    }

    private func finishLoad(id: Int, attempt: Int, result: Result<FeedPage, any Error>) {
        let effects = state.withLock { state -> [@Sendable () -> Void] in
            // Superseded, withdrawn or waiting to retry meanwhile.
            guard let load = state.inFlight, load.id == id, load.attempt == attempt else { return [] }
            switch result {
            case .success(let page):
                state.inFlight = nil
                return apply(page, of: load, &state) + releaseReaders(&state)
            case .failure(let error):
                let failure = error as? FeedError ?? .transport(message: "\(error)", url: nil)
                if let retry = scheduleRetry(of: load, after: failure, &state) { return retry }
                state.inFlight = nil
                return fail(load, failure, &state) + releaseReaders(&state)
            }
        }
        perform(effects)
    }

    private func apply(_ page: FeedPage, of load: FeedViewModelState.Load, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        // Only the page's own ids are collected: a copy of the list's id set (which
        // `appendItems` then extends) would make a load-more O(list) instead of O(page).
        var onPage = Set<String>(minimumCapacity: page.items.count)
        let fresh = page.items.filter { item in
            (load.isReload || !state.ids.contains(item.id)) && onPage.insert(item.id).inserted
        }
        let dropped = page.items.count - fresh.count
        if load.kind == .background, let held = holdNewItems(fresh, of: page, load, &state) { return held }
        var effects = load.isReload ? reloadList(with: fresh, &state) : appendItems(state.living.edits.applied(to: fresh), &state)
        state.loadedPages = load.isReload ? 1 : state.loadedPages + 1
        state.loadedCursors = load.isReload ? [] : state.loadedCursors + (load.pageRequest.cursor.map { [$0] } ?? [])
        state.cursor = page.nextCursor
        (state.hasMore, state.endReason) = page.hasMore && state.loadedPages >= (state.input.maxPages ?? .max)
            ? (false, .pageLimit) : (page.hasMore, page.endReason)
        effects += persist(fresh, reload: load.isReload, &state)
        recordSuccess(of: load, &state)
        // Seed 000's order: the HUD with the new models, then the end of the spinner.
        if state.input.showsHUD && load.kind != .background {
            let warnings = page.warnings.map(HUDMessage.warning)
            effects.append { [hud] in
                hud.onNext(.loadSucceeded)
                warnings.forEach(hud.onNext)
            }
        }
        if load.kind != .background {
            effects.append(emit(load.isReload ? .endHeaderRefresh : state.hasMore ? .endFooterRefresh : .noMoreData, state.loads))
        }
        effects.append(emit(state.footerStatus, state.loads))
        var outcome = state.currentResult
        outcome.duplicatesDropped = dropped
        outcome.attempts = load.attempt
        outcome.warnings = page.warnings
        let result = outcome
        for (_, waiter) in load.waiters { effects.append { waiter(.success(result)) } }
        return effects
    }

    private func fail(_ load: FeedViewModelState.Load, _ error: FeedError, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        guard load.kind != .background else { return load.waiters.map { waiter in { waiter.callback(.failure(error)) } } }
        var effects: [@Sendable () -> Void] = []
        if state.input.showsHUD { effects.append { [hud] in hud.onNext(HUDMessage(style: .error, message: error.message)) } }
        state.loads[load.type] = .error(LoadFailure(error: error, retryable: error.isTransient, attempts: load.attempt))
        effects += [emit(load.isReload ? .endHeaderRefresh : .endFooterRefresh, state.loads), emit(state.footerStatus, state.loads)]
        for (_, waiter) in load.waiters { effects.append { waiter(.failure(error)) } }
        return effects
    }

    /// Appends `items` (ids already filtered) and emits the new snapshot with its changes, in
    /// O(`items.count`) however long the list is: the previous snapshot shares the list's storage.
    func appendItems(_ items: [FeedItem], _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        let previousCount = state.items.count
        state.items.append(contentsOf: items)
        state.ids.formUnion(items.lazy.map(\.id))
        return emitSnapshot(changes: Changeset(appendingTo: previousCount, in: state.items), &state)
    }

    /// Makes `items` the list and emits the new snapshot with its changes; `keepsPlace` sends
    /// them to incremental clients as changes (with `anchor`) however much they change.
    func replaceItems(
        with items: [FeedItem], keepsPlace: Bool = false, anchor: SectionsAnchor? = nil, _ state: inout FeedViewModelState
    ) -> [@Sendable () -> Void] {
        let list = PagedList(items)
        let changes = Changeset(from: state.items, to: list)
        state.items = list
        state.ids = Set(items.map(\.id))
        return emitSnapshot(changes: changes, keepsPlace: keepsPlace, anchor: anchor, &state)
    }

    private func emitSnapshot(
        changes: Changeset<FeedItem>, keepsPlace: Bool = false, anchor: SectionsAnchor? = nil, _ state: inout FeedViewModelState
    ) -> [@Sendable () -> Void] {
        state.revision += 1
        let update = SectionsUpdate(
            revision: state.revision, sections: [FeedSection(items: state.items)], changes: changes, keepsPlace: keepsPlace, anchor: anchor,
            isStale: state.living.isStale, storedAt: state.living.isStale ? state.living.storedAt : nil)
        return [{ [updates] in updates.onNext(update) }]
    }

    /// Emits `status` with `loads`, the load states as they are when the status is decided.
    func emit(_ status: RefreshStatus, _ loads: LoadStates, retryOf: LoadType? = nil) -> @Sendable () -> Void {
        let update = RefreshUpdate(status: status, loads: loads, retryOf: retryOf)
        return { [refreshUpdates] in refreshUpdates.onNext(update) }
    }
}

extension Result where Failure == FeedError, Success: Sendable {
    /// The outcome as a `Single`'s observer takes it.
    var singleEvent: SingleEvent<Success> {
        switch self {
        case .success(let value): return .success(value)
        case .failure(let error): return .failure(error)
        }
    }
}

import Reactive

extension FeedViewModel {
    /// Loads the image of the item at `index` (from cache when possible) and succeeds with it
    /// after `imageDownloaded` reported it; fails with `.invalidIndex` for an index outside the
    /// list (nothing emitted), the load's failure or `.noImage` for an item without an image
    /// (each after an `imageDownloaded` without image), or `.cancelled` when
    /// `cancelImage(index:)` or a list replacement came first.
    public func loadImage(index: Int) -> Single<FeedImage> {
        Single.create { [self] observer in
            environment.scheduler.schedule { [self] in
                let effects = state.withLock { state in
                    startImage(index: index, waiter: { result in
                        switch result {
                        case .success(let image): observer(.success(image))
                        case .failure(let error): observer(.failure(error))
                        }
                    }, &state)
                }
                effects.forEach { $0() }
            }
            return Disposables.create()
        }
    }

    /// The view shows row `index` (seed 002's `willDisplayCell`): see `display(index:)`.
    public func willDisplay(index: Int) {
        _ = display(index: index).subscribe { _ in }
    }

    /// Shows row `index`: loads the next page when the row is among the last
    /// `prefetchDistance` rows and more remain (joining a load in flight), and loads the row's
    /// image when it has one that is not cached. Each subscription does this once.
    ///
    /// Succeeds once both loads ended and their outputs were emitted, saying which were started;
    /// their failures are reported by their outputs (`hud`, `imageDownloaded`), not here. Fails
    /// with `.invalidIndex` for a row outside the list.
    public func display(index: Int) -> Single<DisplayOutcome> {
        Single.create { [self] observer in
            environment.scheduler.schedule { [self] in
                let effects = state.withLock { state -> [@Sendable () -> Void] in
                    guard !state.isDisposed else { return [{ observer(.failure(FeedError.cancelled)) }] }
                    guard state.items.indices.contains(index) else {
                        let error = FeedError.invalidIndex(index, count: state.items.count)
                        return [{ observer(.failure(error)) }]
                    }
                    let needsImage = state.items[index].imageURL.map { url in
                        state.imageLoads[index, default: [:]].isEmpty && !environment.imageLoader.isCached(url)
                    } ?? false
                    let needsPage = index >= state.items.count - state.input.prefetchDistance && state.hasMore
                    let outcome = DisplayOutcome(startedLoadMore: needsPage, startedImage: needsImage)
                    let pending = Locked((needsPage ? 1 : 0) + (needsImage ? 1 : 0))
                    let finishOne: @Sendable () -> Void = {
                        if pending.withLock({ $0 -= 1; return $0 == 0 }) { observer(.success(outcome)) }
                    }
                    var effects: [@Sendable () -> Void] = []
                    if needsImage { effects += startImage(index: index, waiter: { _ in finishOne() }, &state) }
                    if needsPage { effects += command(reload: false, waiter: { _ in finishOne() }, &state) }
                    if !needsPage && !needsImage { effects.append { observer(.success(outcome)) } }
                    return effects
                }
                effects.forEach { $0() }
            }
            return Disposables.create()
        }
    }

    /// The view no longer shows row `index`: see `cancelImageLoads(index:)`.
    public func cancelImage(index: Int) {
        _ = cancelImageLoads(index: index).subscribe { _ in }
    }

    /// Cancels the pending image loads of row `index` (the download itself goes on while
    /// another caller waits for the same URL). Each subscription does this once; it succeeds
    /// with whether anything was pending.
    public func cancelImageLoads(index: Int) -> Single<Bool> {
        Single.create { [self] observer in
            environment.scheduler.schedule { [self] in
                let loads = state.withLock { state in state.imageLoads.removeValue(forKey: index) ?? [:] }
                loads.values.forEach { Self.cancelling($0)() }
                observer(.success(!loads.isEmpty))
            }
            return Disposables.create()
        }
    }

    /// `didEndDisplaying(index)`: the same as `cancelImage(index:)`.
    public func didEndDisplaying(index: Int) { cancelImage(index: index) }

    func startImage(index: Int, waiter: FeedViewModelState.ImageWaiter?, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        guard !state.isDisposed else { return waiter.map { waiter in [{ waiter(.failure(.cancelled)) }] } ?? [] }
        guard state.items.indices.contains(index) else {
            let error = FeedError.invalidIndex(index, count: state.items.count)
            return waiter.map { waiter in [{ waiter(.failure(error)) }] } ?? []
        }
        guard let url = state.items[index].imageURL else {
            let result = Result<FeedImage, FeedError>.failure(.noImage(index: index))
            return [{ [imageDownloaded] in imageDownloaded.onNext(ImageDownload(index: index, result: result)) }]
                + (waiter.map { waiter in [{ waiter(result) }] } ?? [])
        }
        let epoch = state.listEpoch
        let token = state.nextImageToken
        state.nextImageToken += 1
        let request = SerialDisposable()
        state.imageLoads[index, default: [:]][token] = .init(request: request, waiter: waiter)
        let loader = environment.imageLoader
        let scheduler = environment.scheduler
        return [{ [weak self] in
            request.disposable = loader.retrieveImage(url) { [weak self] result in
                scheduler.schedule { [weak self] in self?.finishImage(index: index, token: token, epoch: epoch, result: result) }
            }
        }]
    }

    private func finishImage(index: Int, token: Int, epoch: Int, result: Result<FeedImage, FeedError>) {
        let effects = state.withLock { state -> [@Sendable () -> Void] in
            guard let load = state.imageLoads[index]?.removeValue(forKey: token) else { return [] }  // cancelled
            if state.imageLoads[index]?.isEmpty == true { state.imageLoads[index] = nil }
            guard epoch == state.listEpoch else {
                // The list was replaced: `index` now means another item; do not report there.
                return load.waiter.map { waiter in [{ waiter(.failure(.cancelled)) }] } ?? []
            }
            var effects: [@Sendable () -> Void] = [{ [imageDownloaded] in imageDownloaded.onNext(ImageDownload(index: index, result: result)) }]
            if let waiter = load.waiter { effects.append { waiter(result) } }
            return effects
        }
        effects.forEach { $0() }
    }

    func cancelAllImages(_ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        let loads = state.imageLoads.values.flatMap(\.values)
        state.imageLoads = [:]
        return loads.map(Self.cancelling)
    }

    private static func cancelling(_ load: FeedViewModelState.ImageLoad) -> @Sendable () -> Void {
        {
            load.request.dispose()
            load.waiter?(.failure(.cancelled))
        }
    }
}

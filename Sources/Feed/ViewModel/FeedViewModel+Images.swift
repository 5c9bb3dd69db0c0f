import Reactive

extension FeedViewModel {
    /// Loads the image of the item at `index` (from cache when possible) and succeeds with it
    /// after `imageDownloaded` reported it; fails with `.invalidIndex` for an index outside the
    /// list (nothing emitted), the load's failure (after an `imageDownloaded` without image),
    /// or `.cancelled` when `cancelImage(index:)` or a list replacement came first.
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

    /// The view shows row `index` (seed 002's `willDisplayCell`): loads the next page when the
    /// row is among the last `prefetchDistance` rows and more remain, and loads the row's image
    /// when it is not cached.
    public func willDisplay(index: Int) {
        environment.scheduler.schedule { [self] in
            let effects = state.withLock { state -> [@Sendable () -> Void] in
                guard !state.isDisposed, state.items.indices.contains(index) else { return [] }
                var effects: [@Sendable () -> Void] = []
                if state.imageLoads[index, default: [:]].isEmpty && !environment.imageLoader.isCached(state.items[index].imageURL) {
                    effects += startImage(index: index, waiter: nil, &state)
                }
                let isNearTheEnd = index >= state.items.count - state.input.prefetchDistance
                if isNearTheEnd && state.hasMore && state.inFlight == nil && state.loadedPages > 0 {
                    effects += command(reload: false, waiter: nil, &state)
                }
                return effects
            }
            effects.forEach { $0() }
        }
    }

    /// The view no longer shows row `index`: its pending image loads are cancelled (the
    /// download itself goes on while another caller waits for the same URL).
    public func cancelImage(index: Int) {
        environment.scheduler.schedule { [self] in
            let effects = state.withLock { state -> [@Sendable () -> Void] in
                let loads = state.imageLoads.removeValue(forKey: index) ?? [:]
                return loads.values.map(Self.cancelling)
            }
            effects.forEach { $0() }
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
        let url = state.items[index].imageURL
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

import FeedModel
import Images
import Network
import Reactive

extension FeedViewModel {
    /// Loads the `variant` of the image of the item at `index` as `options` ask (a size, a
    /// format; from cache when possible, downloaded again when `refresh`) and succeeds with it
    /// after `imageDownloaded` reported it; fails with `.invalidIndex` for an
    /// index outside the list (nothing emitted), the load's failure or `.noImage` for an item
    /// without an image (each after an `imageDownloaded` without image), or `.cancelled` with the
    /// reason when `cancelImage(index:)`, a new list or `dispose` came first.
    ///
    /// Disposing the subscription before the outcome withdraws this caller: nothing is emitted
    /// for its load, and the download stops unless another caller waits for the same URL.
    public func loadImage(index: Int, variant: ImageVariant = .full, options: ImageOptions = .original, refresh: Bool = false) -> Single<FeedImage> {
        Single.create { [self] observer in
            let token = takeToken()
            scheduleReader(index: index, imageToken: token) { viewModel, state in
                let image = ImageAsk(variant: variant, options: options, refresh: refresh)
                return Self.sequence(viewModel.startImage(index: index, image, token: token, waiter: { observer($0.singleEvent) }, &state))
            }
            return Disposables.create { [weak self] in
                self?.environment.scheduler.schedule { [weak self] in self?.withdrawImage(token: token) }
            }
        }
    }

    /// A caller of `loadImage(index:)` left: its load is dropped without a word (it never starts
    /// if it still waits for a page load), and its download stops when no other caller waits
    /// for the URL.
    private func withdrawImage(token: Int) {
        let request = state.withLock { state -> SerialDisposable? in
            state.waitingReaders.removeAll { $0.imageToken == token }
            guard let index = state.imageLoads.first(where: { $0.value[token] != nil })?.key else { return nil }
            let load = state.imageLoads[index]?.removeValue(forKey: token)
            if state.imageLoads[index]?.isEmpty == true { state.imageLoads[index] = nil }
            return load?.request
        }
        request?.dispose()
    }

    /// The view is about to show row `index` (seed 002's `willDisplayCell`): loads the next page
    /// when the row is among the last `prefetchDistance` rows and more remain (joining a load in
    /// flight), and the `variant` of the row's image as `options` ask when it is neither cached
    /// nor loading; then prefetches the images of the next `prefetchImages` rows in the
    /// direction of the scroll (see `prefetchImages(after:_:removals:_:)`). Each subscription does this
    /// once.
    ///
    /// Succeeds once both loads ended and their outputs were emitted, saying which were started
    /// and whether the image was ready; their failures are reported by their outputs (`hud`,
    /// `imageDownloaded`), not here. Fails with `.invalidIndex` for a row outside the list.
    public func willDisplay(index: Int, variant: ImageVariant = .full, options: ImageOptions = .original) -> Single<DisplayOutcome> {
        Single.create { [self] observer in
            scheduleReader(DisplayReader(index: index, variant: variant, options: options, observer: SingleObserver(observer)))
            return Disposables.create()
        }
    }

    /// The view no longer waits for row `index`'s images (`cancelImage`, seed 002's
    /// `didEndDisplaying`): cancels the row's pending image loads, of every variant, size and
    /// format, and its prefetch (the download itself goes on while another caller waits for the
    /// same URL). Each subscription does this once; it succeeds with whether anything was
    /// pending.
    public func cancelImage(index: Int) -> Single<Bool> {
        Single.create { [self] observer in
            scheduleReader(index: index) { viewModel, state in
                let loads = state.imageLoads.removeValue(forKey: index) ?? [:]
                let prefetcher = viewModel.prefetcher
                // The prefetcher forgets the row: the next window is asked for whole.
                state.prefetchWindow = nil
                return Self.sequence(loads.values.map { Self.cancelling($0, because: .imageCancelled) } + [{
                    let prefetching = prefetcher.cancel(index)
                    observer(.success(!loads.isEmpty || prefetching))
                }])
            }
            return Disposables.create()
        }
    }

    /// Starts loading row `index`'s image as `image` asks for `waiter`, at high priority;
    /// `token` (from `takeToken`) names the load, so that its caller can withdraw it.
    func startImage(
        index: Int, _ image: ImageAsk, token: Int, waiter: @escaping FeedViewModelState.ImageWaiter, _ state: inout FeedViewModelState
    ) -> [@Sendable () -> Void] {
        let variant = image.variant
        guard !state.isDisposed else { return [{ waiter(.failure(.cancelled(.disposed))) }] }
        guard state.items.indices.contains(index) else {
            let error = FeedError.invalidIndex(index, count: state.items.count)
            return [{ waiter(.failure(error)) }]
        }
        guard let url = state.items.read(index, { $0.imageURL(variant, for: image.options) }) else {
            let result = Result<FeedImage, FeedError>.failure(.noImage(index: index))
            let download = ImageDownload(index: index, variant: variant, options: image.options, result: result)
            return [{ [imageDownloaded] in imageDownloaded.onNext(download) }, { waiter(result) }]
        }
        let request = SerialDisposable()
        state.imageLoads[index, default: [:]][token] = .init(variant: variant, options: image.options, request: request, waiter: waiter)
        let (loader, environment, policy) = (environment.imageLoader, environment, state.input.retryPolicy)
        let scheduler = environment.scheduler
        // `stub://` names the stub catalog's images: only the stub source's items may use it.
        let refused = refusesStubURL(url, state)
        return [{ [weak self] in
            let finish: @Sendable (Result<FeedImage, FeedError>) -> Void = { [weak self] result in
                scheduler.schedule { [weak self] in self?.finishImage(index: index, token: token, result: result) }
            }
            guard !refused else { return finish(.failure(.refusedScheme("stub", url: url))) }
            let imageRequest = ImageRequest(url: url, options: image.options, priority: .high, forceRefresh: image.refresh)
            request.disposable = loader.retrieveImage(imageRequest, retrying: policy, in: environment, completion: finish)
        }]
    }

    private func finishImage(index: Int, token: Int, result: Result<FeedImage, FeedError>) {
        let effects = state.withLock { state -> [@Sendable () -> Void] in
            // Not listed: cancelled, withdrawn, or its list was replaced; nothing is reported.
            guard let load = state.imageLoads[index]?.removeValue(forKey: token) else { return [] }
            if state.imageLoads[index]?.isEmpty == true { state.imageLoads[index] = nil }
            let download = ImageDownload(index: index, variant: load.variant, options: load.options, result: result)
            return [{ [imageDownloaded] in imageDownloaded.onNext(download) }, { load.waiter(result) }]
        }
        perform(effects)
    }

    /// Ends every pending image load for `reason` (a new list, `dispose`): their downloads
    /// stop unless another caller waits, their callers get `.cancelled(reason)`.
    func cancelAllImages(because reason: CancellationReason, _ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        let loads = state.imageLoads.values.flatMap(\.values)
        state.imageLoads = [:]
        state.lastDisplayedIndex = nil
        state.prefetchWindow = nil
        return loads.map { Self.cancelling($0, because: reason) } + [{ [prefetcher] in prefetcher.cancelAll() }]
    }

    private static func cancelling(_ load: FeedViewModelState.ImageLoad, because reason: CancellationReason) -> @Sendable () -> Void {
        {
            load.request.dispose()
            load.waiter(.failure(.cancelled(reason)))
        }
    }
}

extension FeedViewModelState {
    /// Whether a load of row `index`'s image as `variant` and `options` ask is pending; no
    /// lookup while no load is.
    func isLoadingImage(_ index: Int, variant: ImageVariant, options: ImageOptions) -> Bool {
        guard !imageLoads.isEmpty, let loads = imageLoads[index] else { return false }
        return loads.values.contains { $0.variant == variant && $0.options == options }
    }
}

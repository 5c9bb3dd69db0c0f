import FeedModel
import Images
import Locking
import Reactive

/// What `willDisplay(index:variant:options:)` does on the scheduler, as a list reader: the
/// row, the image asked and the caller, in one value (one closure carries it to the scheduler).
struct DisplayReader: ListReading {
    let index: Int
    let variant: ImageVariant
    let options: ImageOptions
    let observer: SingleObserver<DisplayOutcome>

    /// What a `willDisplay` does outside the state lock: answer at once after handing the
    /// prefetcher its change (no load started), or run the effects of the loads it started.
    enum Work: EffectWork {
        case answer(PrefetchChange?, DisplayOutcome, SingleObserver<DisplayOutcome>)
        case effect(Effect)

        func run() {
            switch self {
            case .answer(let prefetch, let outcome, let observer):
                prefetch?.run()
                observer(.success(outcome))
            case .effect(let effect):
                effect.run()
            }
        }
    }

    var imageToken: Int? { nil }

    func run(_ viewModel: FeedViewModel, _ state: inout FeedViewModelState) -> Work? {
        let (index, variant, options, observer) = (index, variant, options, observer)
        guard !state.isDisposed else { return .effect(Effect { observer(.failure(FeedError.cancelled(.disposed))) }) }
        guard state.items.indices.contains(index) else {
            let error = FeedError.invalidIndex(index, count: state.items.count)
            return .effect(Effect { observer(.failure(error)) })
        }
        let image = ImageAsk(variant: variant, options: options, refresh: false)
        let (id, url) = state.items.read(index) { ($0.id, $0.imageURL(variant, for: options)) }
        let removals = viewModel.environment.imageLoader.cacheRemovals
        let isReady = url.map { viewModel.isCached(index, url: $0, image, removals: removals, &state) } ?? false
        let needsImage = url != nil && !isReady && !state.isLoadingImage(index, variant: variant, options: options)
        // A row about to show may anchor the next reload.
        state.living.displayed.insert(id)
        let needsPage = index >= state.items.count - state.input.prefetchDistance && state.hasMore
        let outcome = DisplayOutcome(startedLoadMore: needsPage, startedImage: needsImage, imageReady: isReady)
        let prefetch = viewModel.prefetchImages(after: index, image, removals: removals, &state)
        guard needsPage || needsImage else { return .answer(prefetch, outcome, observer) }
        let pending = Locked((needsPage ? 1 : 0) + (needsImage ? 1 : 0))
        let finishOne: @Sendable () -> Void = {
            if pending.withLock({ $0 -= 1; return $0 == 0 }) { observer(.success(outcome)) }
        }
        var effects: [@Sendable () -> Void] = []
        if needsImage {
            effects += viewModel.startImage(index: index, image, token: viewModel.takeToken(), waiter: { _ in finishOne() }, &state)
        }
        if let prefetch { effects.append(prefetch.run) }
        if needsPage { effects += viewModel.command(reload: false, waiter: { _ in finishOne() }, &state) }
        return FeedViewModel.sequence(effects).map(Work.effect)
    }
}

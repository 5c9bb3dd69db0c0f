import FeedModel
import Images
import JSON
import Locking
import Reactive

/// The seeds' list view model, made correct: paged loading with pull-down reload and pull-up
/// load-more, refresh statuses, HUD messages, lazily loaded images and category switches.
///
/// One way in: the commands (`request(reload:)`, `loadImage(index:variant:)`,
/// `willDisplay(index:variant:)`, `cancelImage(index:)`, `updateInput(merging:)`, `dispose()`),
/// each a `Single` of its outcome.
/// The seeds' shape, `transform(input:) -> Output`, is a view of the same machine: the output's
/// `requestCommand` and the input's `inputChanges` run those commands, and its observables are
/// what the commands emit, which is also what a service forwards.
///
/// Everything runs on the environment's serial scheduler, in the order calls arrive; every
/// output is emitted there, and a command's completion is delivered after all the outputs it
/// caused. Rules:
/// - A reload loads the first page and replaces the list; a load-more appends the next page.
/// - A reload supersedes the load in flight (as `flatMapLatest` does): its request is disposed,
///   which cancels the HTTP task, its result is never applied, its callers get
///   `FeedError.cancelled`, and its spinner gets its end (`endHeaderRefresh`/`endFooterRefresh`).
/// - A load-more while any load is in flight joins it: no request of its own, same result.
/// - After the end of the list a load-more changes nothing and completes at once with
///   `hasMore == false`, until a reload.
/// - A transient failure is tried again after a backoff (`RetryPolicy`, the input's `retry`),
///   with the same page; each attempt and wait is reported (`LoadState.loading`).
/// - A failure ends the spinner, reports the server's message in the HUD, sets the load type's
///   state to `error`, and leaves the list and the page unchanged, so the next load-more (or
///   `retry()`) asks for the same page.
/// - Items whose id is already listed are dropped and counted.
public final class FeedViewModel: ViewModelType, Sendable {
    /// What the view feeds in besides the commands.
    public struct Input: Sendable {
        /// Input switches, as seed 001's category relay: each element's members are merged into
        /// the input as `updateInput(merging:)` does (a switch to an equal input on an untouched
        /// list changes nothing, so a relay's replayed value is harmless; a bad one is ignored).
        public let inputChanges: Observable<JSONObject>

        /// An input; by default the view never switches.
        public init(inputChanges: Observable<JSONObject> = .never()) { self.inputChanges = inputChanges }
    }

    /// What the view binds to: what the commands emit, whoever sent them.
    public struct Output: Sendable {
        /// The list for binding (seed 000's `sections` driver): never errors, replays the latest
        /// snapshot, delivered on the view model's scheduler one step after it changed.
        public let sections: Driver<[FeedSection]>
        /// Every snapshot with its revision and changes, emitted synchronously in causal order
        /// (before the end status and the command's result): what a service forwards.
        public let sectionsUpdates: Observable<SectionsUpdate>
        /// Every refresh status; replays the latest to a new subscriber.
        public let refreshStatus: Observable<RefreshStatus>
        /// Every refresh status with the load states as they were then, and the updates that
        /// only report a retry (`RefreshUpdate.retryOf`); replays the latest.
        public let refreshUpdates: Observable<RefreshUpdate>
        /// `true` = reload, `false` = load more (seed 001): each element runs
        /// `request(reload:)`, whose outcome goes unheard.
        public let requestCommand: PublishSubject<Bool>
        /// Finished image loads.
        public let imageDownloaded: Observable<ImageDownload>
        /// HUD messages.
        public let hud: Observable<HUDMessage>
        /// New items a background reload found at the top, waiting for `showNew`.
        public let newItems: Observable<NewItems>

        /// The statuses for a view whose refresh controls are `header` and/or `footer` (seed
        /// 003's `refreshStatusBind`): the latest status, replayed whatever it concerns, then
        /// only the statuses that concern a control that exists.
        public func bindRefreshStatus(header: Bool, footer: Bool) -> Observable<RefreshStatus> {
            bindRefreshUpdates(header: header, footer: footer).map(\.status)
        }

        /// `bindRefreshStatus(header:footer:)` with the load states: the latest update, then
        /// the updates that concern a control that exists (`RefreshUpdate.concerns`).
        public func bindRefreshUpdates(header: Bool, footer: Bool) -> Observable<RefreshUpdate> {
            let updates = refreshUpdates
            return Observable.create { observer in
                let isReplay = Locked(true)
                return updates.subscribe(onNext: { update in
                    let replayed = isReplay.withLock { isReplay in defer { isReplay = false }; return isReplay }
                    if replayed || update.concerns(header: header, footer: footer) { observer.onNext(update) }
                })
            }
        }
    }

    let environment: FeedEnvironment
    let state: Locked<FeedViewModelState>
    let pass = Locked(EffectPass())
    let updates: BehaviorSubject<SectionsUpdate>
    let refreshUpdates: BehaviorSubject<RefreshUpdate>
    let imageDownloaded = PublishSubject<ImageDownload>()
    let hud = PublishSubject<HUDMessage>()
    /// The images of the rows about to be shown, at low priority.
    let prefetcher: ImagePrefetcher
    let newItems = PublishSubject<NewItems>()
    private let bag = DisposeBag()
    private let output: Output

    /// A view model over `input`, idle until its first command. Its revision 0 is the feed's
    /// stored list when the environment's store has one (marked stale; `resume` reloads it).
    public init(input: FeedInput, environment: FeedEnvironment) {
        self.environment = environment
        prefetcher = ImagePrefetcher(loader: environment.imageLoader)
        var initial = FeedViewModelState(input: input, source: environment.makeSource(input))
        let restored = initial.restore(input, from: environment.store, now: environment.wallClockMilliseconds)
        initial.items = PagedList(restored)
        initial.ids = Set(restored.map(\.id))
        state = Locked(initial)
        refreshUpdates = BehaviorSubject(value: RefreshUpdate(status: restored.isEmpty ? .none : initial.footerStatus, loads: initial.loads))
        let updates = BehaviorSubject(value: SectionsUpdate(
            revision: 0, sections: [FeedSection(items: initial.items)], changes: nil, isStale: initial.living.isStale,
            storedAt: initial.living.storedAt))
        self.updates = updates
        let requestCommand = PublishSubject<Bool>()
        output = Output(
            sections: updates.map(\.sections).asDriver(onErrorJustReturn: [], scheduler: environment.scheduler),
            sectionsUpdates: updates.asObservable(), refreshStatus: refreshUpdates.map(\.status),
            refreshUpdates: refreshUpdates.asObservable(), requestCommand: requestCommand,
            imageDownloaded: imageDownloaded.asObservable(), hud: hud.asObservable(), newItems: newItems.asObservable())
        requestCommand.subscribe(onNext: { [weak self] reload in _ = self?.request(reload: reload).subscribe { _ in } }).disposed(by: bag)
    }

    /// Runs `input`'s switches as `updateInput(merging:)` until `dispose`, and returns the
    /// output (the same every time).
    public func transform(input: Input) -> Output {
        input.inputChanges.subscribe(onNext: { [weak self] members in _ = self?.updateInput(merging: members).subscribe { _ in } })
            .disposed(by: bag)
        return output
    }

    /// The current snapshot (read on any thread; written only on the scheduler).
    public var currentSections: SectionsUpdate {
        // A BehaviorSubject only throws after an error, which `updates` never gets.
        (try? updates.value()) ?? SectionsUpdate(revision: 0, sections: [], changes: nil)
    }

    /// The latest refresh status.
    public var currentRefreshStatus: RefreshStatus { currentRefreshUpdate.status }

    /// The latest refresh status with the load states.
    public var currentRefreshUpdate: RefreshUpdate {
        (try? refreshUpdates.value()) ?? RefreshUpdate(status: .none, loads: LoadStates())
    }

    /// Tears the session down: cancels every load (callers get `.cancelled`) and image request.
    public func dispose() {
        bag.dispose()
        environment.scheduler.schedule { [self] in
            let effects = state.withLock { state -> [@Sendable () -> Void] in
                state.isDisposed = true
                // Readers still waiting (none do without a load in flight) are answered too.
                return cancelInFlight(because: .disposed, &state) + releaseReaders(&state) + cancelAllImages(because: .disposed, &state)
            }
            perform(effects)
        }
    }
}

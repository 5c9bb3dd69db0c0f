import Reactive

/// The seeds' list view model, made correct: paged loading with pull-down reload and pull-up
/// load-more, refresh statuses, HUD messages, lazily loaded images and category switches.
///
/// Everything runs on the environment's serial scheduler, in the order calls arrive; every
/// output is emitted there, and a command's completion is delivered after all the outputs it
/// caused. Rules (issue 4):
/// - A reload loads the first page and replaces the list; a load-more appends the next page.
/// - A reload supersedes the load in flight (as `flatMapLatest` does): its request is disposed,
///   which cancels the HTTP task, its result is never applied, its callers get
///   `FeedError.cancelled`, and a superseded load-more's footer gets `endFooterRefresh`.
/// - A load-more while any load is in flight joins it: no request of its own, same result.
/// - After the end of the list a load-more changes nothing and completes at once with
///   `hasMore == false`, until a reload.
/// - A failure ends the spinner, reports the server's message in the HUD, and leaves the list
///   and the page unchanged, so the next load-more retries the same page.
/// - Items whose id is already listed are dropped and counted.
public final class FeedViewModel: ViewModelType, Sendable {
    /// What the view feeds in: the input, as a relay so a live session can switch category
    /// (seed 001's `BehaviorRelay` category).
    public struct Input: Sendable {
        /// The current input; a new value cancels loads, clears the list and resets paging.
        public let settings: BehaviorRelay<FeedInput>

        /// An input starting from `settings`.
        public init(settings: FeedInput) { self.settings = BehaviorRelay(value: settings) }
    }

    /// What the view binds to.
    public struct Output: Sendable {
        /// The list for binding (seed 000's `sections` driver): never errors, replays the latest
        /// snapshot, delivered on the view model's scheduler one step after it changed.
        public let sections: Driver<[FeedSection]>
        /// Every snapshot with its revision and changes, emitted synchronously in causal order
        /// (before the end status and the command's result): what a service forwards.
        public let sectionsUpdates: Observable<SectionsUpdate>
        /// Every refresh status; replays the latest to a new subscriber.
        public let refreshStatus: BehaviorSubject<RefreshStatus>
        /// `true` = reload, `false` = load more (seed 001); the per-command outcome is
        /// available through `FeedViewModel.request(reload:)`.
        public let requestCommand: PublishSubject<Bool>
        /// Finished image loads.
        public let imageDownloaded: PublishSubject<ImageDownload>
        /// HUD messages.
        public let hud: PublishSubject<HUDMessage>

        /// The statuses for a view whose refresh controls are `header` and/or `footer` (seed
        /// 003's `refreshStatusBind`): a control that does not exist gets no statuses. Replays
        /// the latest status when it concerns a bound control.
        public func bindRefreshStatus(header: Bool, footer: Bool) -> Observable<RefreshStatus> {
            refreshStatus.asObservable().filter { status in
                (status.concernsHeader && header) || (status.concernsFooter && footer) || status == .none
            }
        }
    }

    let environment: FeedEnvironment
    let state: Locked<FeedViewModelState>
    let updates: BehaviorSubject<SectionsUpdate>
    let refreshStatus = BehaviorSubject<RefreshStatus>(value: .none)
    let requestCommand = PublishSubject<Bool>()
    let imageDownloaded = PublishSubject<ImageDownload>()
    let hud = PublishSubject<HUDMessage>()
    private let bag = DisposeBag()
    private let sectionsDriver: Driver<[FeedSection]>

    /// A view model over `input`, idle until `transform(input:)` or a command.
    public init(input: FeedInput, environment: FeedEnvironment) {
        self.environment = environment
        state = Locked(FeedViewModelState(input: input, source: environment.makeSource(input)))
        let updates = BehaviorSubject(value: SectionsUpdate(revision: 0, sections: [FeedSection(items: [])], changes: nil))
        self.updates = updates
        sectionsDriver = updates.map(\.sections).asDriver(onErrorJustReturn: [], scheduler: environment.scheduler)
    }

    /// Wires the input relay and `requestCommand`, and returns the output.
    public func transform(input: Input) -> Output {
        input.settings.subscribe(onNext: { [weak self] settings in self?.updateInput(settings) }).disposed(by: bag)
        requestCommand.subscribe(onNext: { [weak self] reload in _ = self?.request(reload: reload).subscribe { _ in } })
            .disposed(by: bag)
        return output
    }

    /// The output (the same subjects every time).
    public var output: Output {
        Output(
            sections: sectionsDriver, sectionsUpdates: updates.asObservable(),
            refreshStatus: refreshStatus, requestCommand: requestCommand, imageDownloaded: imageDownloaded, hud: hud)
    }

    /// The current snapshot (read on any thread; written only on the scheduler).
    public var currentSections: SectionsUpdate {
        // A BehaviorSubject only throws after an error, which `updates` never gets.
        (try? updates.value()) ?? SectionsUpdate(revision: 0, sections: [], changes: nil)
    }

    /// The latest refresh status.
    public var currentRefreshStatus: RefreshStatus { (try? refreshStatus.value()) ?? .none }

    /// Tears the session down: cancels every load (callers get `.cancelled`) and image request.
    public func dispose() {
        bag.dispose()
        environment.scheduler.schedule { [self] in
            let effects = state.withLock { state -> [@Sendable () -> Void] in
                state.isDisposed = true
                // Readers still waiting (none do without a load in flight) are answered too.
                return cancelInFlight(because: .disposed, &state) + releaseReaders(&state) + cancelAllImages(because: .disposed, &state)
            }
            effects.forEach { $0() }
        }
    }
}

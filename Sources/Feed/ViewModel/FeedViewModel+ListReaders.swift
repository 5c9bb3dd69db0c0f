import Reactive

/// Commands that read the list by index take effect after the loads that arrived before them.
///
/// A session is a serial executor of its commands, so `requestCommand {reload: true}` then
/// `loadImage {index: 0}`, pipelined, must load the first item of the reloaded list. The list
/// readers (`loadImage`, `willDisplay`, `cancelImage`) therefore wait while a reload is in
/// flight (it replaces the list), and while a load-more is in flight when their row is not in
/// the list yet (it may bring the row); the reloads a session starts by itself (a stale stored
/// list's, a background one) keep no reader waiting. A load-more only appends, so a row already listed is the
/// same item before and after it: such a reader runs at once, and a `willDisplay` near the end
/// joins the load-more. Waiting readers keep their arrival order and run, in that order, as soon
/// as the load ends (succeeded, failed, superseded, cancelled or withdrawn), before whatever
/// ended it takes effect.
extension FeedViewModel {
    /// On the scheduler, runs `run` for row `index` now, or queues it behind the loads that
    /// arrived before it; then runs its effect (`nil`: none) outside the state lock.
    func scheduleReader(
        index: Int, imageToken: Int? = nil,
        _ run: @escaping @Sendable (FeedViewModel, inout FeedViewModelState) -> Effect?
    ) {
        scheduleReader(ClosureReader(index: index, imageToken: imageToken, body: run))
    }

    /// On the scheduler, runs `reader` now, or queues it behind the loads that arrived before
    /// it; then runs its effect (`nil`: none) outside the state lock.
    func scheduleReader<Reader: ListReading>(_ reader: Reader) {
        environment.scheduler.enqueue { [self] in
            let work = state.withLock { state -> Reader.Work? in
                guard state.waitingReaders.isEmpty, state.mayRead(reader.index) else {
                    let run: @Sendable (inout FeedViewModelState) -> Effect? = { [weak self] state in
                        self.flatMap { reader.run($0, &state) }.map { work in Effect { work.run() } }
                    }
                    state.waitingReaders.append(.init(index: reader.index, imageToken: reader.imageToken, run: run))
                    return nil
                }
                return reader.run(self, &state)
            }
            if let work = consume work { perform(work) }
        }
    }

    /// Runs the waiting readers that may now read, in arrival order; called whenever the load in
    /// flight ends. A reader that starts a new load (a `willDisplay` near the end) makes the
    /// ones behind it wait for that load in turn.
    func releaseReaders(_ state: inout FeedViewModelState) -> [@Sendable () -> Void] {
        var effects: [@Sendable () -> Void] = []
        while let reader = state.waitingReaders.first, state.mayRead(reader.index) {
            state.waitingReaders.removeFirst()
            if let effect = reader.run(&state) { effects.append(effect.body) }
        }
        return effects
    }
}

extension FeedViewModelState {
    /// Whether a reader of row `index` sees the list the loads before it leave, if it runs now.
    fileprivate func mayRead(_ index: Int) -> Bool {
        guard let load = inFlight, load.kind == .command, !isDisposed else { return true }
        return !load.isReload && items.indices.contains(index)
    }
}

/// A command that reads the list by row (`loadImage`, `willDisplay`, `cancelImage`), as
/// `scheduleReader` runs it.
protocol ListReading: Sendable {
    /// What it does outside the state lock: a value of its own type, so that running a reader
    /// at once makes no closure.
    associatedtype Work: EffectWork = Effect
    /// The row it reads.
    var index: Int { get }
    /// The image load token of a `loadImage`, so its caller can withdraw it while it waits.
    var imageToken: Int? { get }
    /// Takes effect: reads the list and returns its effect, if any.
    func run(_ viewModel: FeedViewModel, _ state: inout FeedViewModelState) -> Work?
}

/// A list reader whose work is a closure.
private struct ClosureReader: ListReading {
    let index: Int
    let imageToken: Int?
    let body: @Sendable (FeedViewModel, inout FeedViewModelState) -> Effect?

    func run(_ viewModel: FeedViewModel, _ state: inout FeedViewModelState) -> Effect? { body(viewModel, &state) }
}

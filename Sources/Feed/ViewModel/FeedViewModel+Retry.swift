import FeedModel
import Reactive

extension FeedViewModel {
    /// Runs the failed load again (Android Paging's `retry()`): the reload when the refresh
    /// state is `error`, else the load-more when the append state is, asking for the same page
    /// (page number, cursor or next URL) as the load that failed. Succeeds with the load's
    /// result, or with `nil` at once when nothing failed; fails as `request(reload:)` does.
    ///
    /// Disposing the subscription before the outcome withdraws this caller, as for `request(reload:)`.
    public func retry() -> Single<PageLoadResult?> {
        Single.create { [self] observer in
            let token = takeToken()
            environment.scheduler.schedule { [self] in
                let effects = state.withLock { state -> [@Sendable () -> Void] in
                    let failed: LoadType? = state.loads.refresh.isError ? .refresh : state.loads.append.isError ? .append : nil
                    guard let failed else { return [{ observer(.success(nil)) }] }
                    let waiter: FeedViewModelState.Waiter = { result in observer(result.map { Optional($0) }.singleEvent) }
                    return command(reload: failed == .refresh, waiter: waiter, token: token, &state)
                }
                perform(effects)
            }
            return Disposables.create { [weak self] in
                self?.environment.scheduler.schedule { [weak self] in self?.withdraw(token: token) }
            }
        }
    }

    /// When `load`'s attempt failed with a transient `failure` and its policy allows another:
    /// keeps it in flight, reports the wait (`loading` with the next attempt and the wait), and
    /// schedules the next attempt on the scheduler (virtual time in tests). Disposing the load's
    /// request (a reload superseding it, `updateInput`, `dispose`, every caller leaving) cancels
    /// the wait. `nil` when the load is not tried again.
    func scheduleRetry(of load: FeedViewModelState.Load, after failure: FeedError, _ state: inout FeedViewModelState) -> [@Sendable () -> Void]? {
        guard let delay = environment.retryDelay(load.policy, afterAttempt: load.attempt, failure: failure) else { return nil }
        var next = load
        next.attempt += 1
        state.inFlight = next
        state.loads[load.type] = .loading(attempt: next.attempt, retry: RetryWait(delay: delay, lastError: failure))
        let (id, attempt, request, scheduler) = (next.id, next.attempt, next.request, environment.scheduler)
        return [emit(state.footerStatus, state.loads, retryOf: load.type), { [weak self] in
            request.disposable = scheduler.scheduleRelative(delay) { [weak self] in self?.beginAttempt(id: id, attempt: attempt) }
        }]
    }

    /// The wait before attempt `attempt` of load `id` is over: reports the attempt and sends it.
    private func beginAttempt(id: Int, attempt: Int) {
        let effects = state.withLock { state -> [@Sendable () -> Void] in
            guard let load = state.inFlight, load.id == id, load.attempt == attempt else { return [] }
            state.loads[load.type] = .loading(attempt: attempt)
            return [emit(state.footerStatus, state.loads, retryOf: load.type), startAttempt(of: load, source: state.source)]
        }
        perform(effects)
    }

    /// The load states after `load` succeeded (its page applied): a reload is `idle` and stamps
    /// `lastUpdated`; the append is `endOfList` with the reason at the end of the list, else
    /// `idle` (a successful reload clears an append error).
    func recordSuccess(of load: FeedViewModelState.Load, _ state: inout FeedViewModelState) {
        if load.isReload {
            state.loads.refresh = .idle
            state.loads.lastUpdated = environment.wallClock()
        }
        state.loads.append = state.hasMore ? .idle : .endOfList(state.endReason)
    }
}

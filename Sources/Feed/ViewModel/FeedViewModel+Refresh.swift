import FeedModel
import Reactive

/// Background reloads (`refreshIntervalMs`): while the front end is bound, the session reloads
/// itself every interval, quietly (no status, no HUD); new items at the top wait for `showNew`.
extension FeedViewModel {
    /// Turns background reloads on (the session is bound to a view) or off.
    public func setAutoRefresh(_ enabled: Bool) {
        environment.scheduler.schedule { [self] in
            state.withLock { state in
                state.living.autoRefreshes = enabled
                scheduleRefresh(&state)
            }
        }
    }

    /// Arms the timer for the next background reload, or disarms it.
    private func scheduleRefresh(_ state: inout FeedViewModelState) {
        guard state.living.autoRefreshes, state.input.refreshIntervalMs > 0, !state.isDisposed else {
            state.living.refreshTimer.disposable = nil
            return
        }
        let interval = Double(state.input.refreshIntervalMs) / 1000
        state.living.refreshTimer.disposable = environment.scheduler.scheduleRelative(interval) { [weak self] in self?.refreshInBackground() }
    }

    /// A tick: reloads in the background unless a load is in flight or nothing was loaded yet.
    private func refreshInBackground() {
        let effects = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isDisposed, state.living.autoRefreshes else { return [] }
            var effects: [@Sendable () -> Void] = []
            if state.inFlight == nil && !state.items.isEmpty {
                effects = command(reload: true, waiter: { _ in }, kind: .background, &state)
            }
            scheduleRefresh(&state)
            return effects
        }
        effects.forEach { $0() }
    }
}

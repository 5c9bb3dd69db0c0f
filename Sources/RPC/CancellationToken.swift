import Locking

/// Tells a running handler that its request was cancelled: by `$/cancelRequest`, or because
/// the server is exiting (stdin closed, SIGTERM, `exit`).
public final class CancellationToken: Sendable {
    private struct State {
        var cancelled = false
        var released = false
        /// The first callback, kept apart: nearly every request registers exactly one.
        var first: (@Sendable () -> Void)?
        var more: [@Sendable () -> Void] = []

        mutating func takeCallbacks() -> [@Sendable () -> Void] {
            defer { (first, more) = (nil, []) }
            return (first.map { [$0] } ?? []) + more
        }
    }

    private let state = Locked(State())

    /// A token that is not cancelled.
    public init() {}

    /// `true` once the request was cancelled.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `body` when the request is cancelled, on the cancelling thread; at once if it already
    /// was; never once the request was answered. Keep it short: it may run on the reader thread.
    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.cancelled { return true }
            if state.released { return false }
            if state.first == nil { state.first = body } else { state.more.append(body) }
            return false
        }
        if runNow { body() }
    }

    /// Forgets the callbacks without running them: the request was answered, so nothing is left
    /// to cancel. Callbacks usually capture what the request was waiting on, and that in turn
    /// captures the request's context; dropping them here breaks that cycle.
    func release() {
        state.withLock { state in
            state.released = true
            (state.first, state.more) = (nil, [])
        }
    }

    /// Cancels the token and runs its callbacks once; later calls do nothing.
    public func cancel() {
        let pending = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            return state.takeCallbacks()
        }
        for callback in pending { callback() }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Tells a running handler that its request was cancelled: by `$/cancelRequest`, or because
/// the server is exiting (stdin closed, SIGTERM, `exit`).
///
/// A `RequestContext` is its own token (`context.cancellation`), so a request costs one object.
public protocol CancellationToken: AnyObject, Sendable {
    /// `true` once the request was cancelled.
    var isCancelled: Bool { get }
    /// Runs `body` when the request is cancelled, on the cancelling thread; at once if it already
    /// was; never once the request was answered. Keep it short: it may run on the reader thread.
    func onCancel(_ body: @escaping @Sendable () -> Void)
    /// Cancels the token and runs its callbacks once; later calls do nothing.
    func cancel()
}

/// The bits of a request's one atomic state word.
enum RequestState {
    static let cancelled = 1
    /// Answered: later answers are ignored, cancel callbacks dropped.
    static let answered = 2
    /// A thread is using the cancel callback slot.
    static let busy = 4
}

extension RequestContext: CancellationToken {
    /// `true` once the request was cancelled.
    public var isCancelled: Bool { state.load(ordering: .acquiring) & RequestState.cancelled != 0 }

    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let flags = acquireCallback(unless: RequestState.cancelled | RequestState.answered)
        guard flags & (RequestState.cancelled | RequestState.answered) == 0 else {
            if flags & RequestState.cancelled != 0 { body() }
            return
        }
        if let earlier = cancelCallback {
            cancelCallback = { earlier(); body() }
        } else {
            cancelCallback = body
        }
        relinquishCallback(setting: 0)
    }

    public func cancel() {
        guard acquireCallback(unless: RequestState.cancelled) & RequestState.cancelled == 0 else { return }
        let pending = cancelCallback
        cancelCallback = nil
        relinquishCallback(setting: RequestState.cancelled)
        pending?()
    }

    /// Marks the request answered, dropping its cancel callback without running it: nothing is
    /// left to cancel, and the callback usually captures what the request waited on, which in
    /// turn captures this context. Returns `false` when it was answered already.
    func markAnswered() -> Bool {
        guard acquireCallback(unless: RequestState.answered) & RequestState.answered == 0 else { return false }
        let dropped = cancelCallback
        cancelCallback = nil
        relinquishCallback(setting: RequestState.answered)
        _ = dropped  // released after the slot is free: what it captures may call back in
        return true
    }

    /// Sets `busy` and returns the bits before, unless one of `stopping` is set already (then the
    /// slot is not taken). Yields while another thread holds the slot, which it does for the few
    /// instructions a store or a take lasts.
    private func acquireCallback(unless stopping: Int) -> Int {
        var current = state.load(ordering: .relaxed)
        while true {
            if current & stopping != 0 { return current }
            if current & RequestState.busy != 0 {
                sched_yield()
                current = state.load(ordering: .relaxed)
                continue
            }
            let (exchanged, original) = state.compareExchange(expected: current, desired: current | RequestState.busy,
                                                               ordering: .acquiring)
            if exchanged { return current }
            current = original
        }
    }

    /// Frees the slot, setting `bits`. Only the slot's holder changes the word meanwhile.
    private func relinquishCallback(setting bits: Int) {
        let current = state.load(ordering: .relaxed)
        state.store((current | bits) & ~RequestState.busy, ordering: .releasing)
    }
}

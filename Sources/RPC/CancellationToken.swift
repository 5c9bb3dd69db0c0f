import Foundation

/// Tells a running handler that its request was cancelled: by `$/cancelRequest`, or because
/// the server is exiting (stdin closed, SIGTERM, `exit`).
public final class CancellationToken: @unchecked Sendable {
    // Safety: `cancelled`, `released` and `callbacks` are only touched while holding `lock`.
    private let lock = NSLock()
    private var cancelled = false
    private var released = false
    private var callbacks: [@Sendable () -> Void] = []

    /// A token that is not cancelled.
    public init() {}

    /// `true` once the request was cancelled.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs `body` when the request is cancelled, on the cancelling thread; at once if it already
    /// was; never once the request was answered. Keep it short: it may run on the reader thread.
    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if cancelled { return true }
            if released { return false }
            callbacks.append(body)
            return false
        }
        if runNow { body() }
    }

    /// Forgets the callbacks without running them: the request was answered, so nothing is left
    /// to cancel. Callbacks usually capture what the request was waiting on, and that in turn
    /// captures the request's context; dropping them here breaks that cycle.
    func release() {
        lock.withLock {
            released = true
            callbacks = []
        }
    }

    /// Cancels the token and runs its callbacks once; later calls do nothing.
    public func cancel() {
        let pending = lock.withLock { () -> [@Sendable () -> Void] in
            guard !cancelled else { return [] }
            cancelled = true
            defer { callbacks = [] }
            return callbacks
        }
        for callback in pending { callback() }
    }
}

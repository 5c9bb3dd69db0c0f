import Foundation

/// Tells a running handler that its request was cancelled: by `$/cancelRequest`, or because
/// the server is exiting (stdin closed, SIGTERM, `exit`).
public final class CancellationToken: @unchecked Sendable {
    // Safety: `cancelled` and `callbacks` are only touched while holding `lock`.
    private let lock = NSLock()
    private var cancelled = false
    private var callbacks: [@Sendable () -> Void] = []

    /// A token that is not cancelled.
    public init() {}

    /// `true` once the request was cancelled.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs `body` when the request is cancelled, on the cancelling thread; at once if it already
    /// was. Keep it short: it may run on the reader thread.
    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if cancelled { return true }
            callbacks.append(body)
            return false
        }
        if runNow { body() }
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

import JSON
import Locking

extension Dispatcher {
    /// The server's lifecycle and what it keeps for it.
    struct Lifecycle: Sendable {
        /// Run once when the server shuts down (`RPCServer.onStop`).
        var stopHandlers: [@Sendable () -> Void] = []
        /// The params of the latest `initialize`.
        var initializeParameters: JSON?
        /// See the params of every `initialize` before it is answered (`RPCServer.onInitialize`).
        var initializeObservers: [@Sendable (JSON?) throws(RPCError) -> Void] = []
        /// `finish` began: the reader stops reading.
        var isFinishing = false
        /// `finish` ended: `run` may return.
        var isFinished = false
    }

    /// Runs `body` once when the server shuts down.
    func onStop(_ body: @escaping @Sendable () -> Void) {
        lifecycle.withLock { $0.stopHandlers.append(body) }
    }

    /// Runs the `onStop` handlers; only the first call does anything.
    func runStopHandlers() {
        let handlers = lifecycle.withLock { lifecycle -> [@Sendable () -> Void] in
            defer { lifecycle.stopHandlers = [] }
            return lifecycle.stopHandlers
        }
        for handler in handlers { handler() }
    }

    /// `true` once the server began to wind down; the reader stops reading.
    var isWindingDown: Bool { lifecycle.withLock { $0.isFinishing } }

    /// Waits up to `grace` seconds for running requests, cancels the rest (answering -32800),
    /// flushes, and releases `run`. Only the first call does anything.
    ///
    /// The whole takes at most `exitBudget`, except that a message being written when the budget
    /// runs out is finished (and no other started) while the client reads it
    /// (`OutputWriter.finishMessage`).
    func finish(grace: Double, reason: String) {
        let start = MonotonicClock.nanoseconds
        let proceeds = lifecycle.withLock { lifecycle -> Bool in
            defer { lifecycle.isFinishing = true }
            return !lifecycle.isFinishing
        }
        guard proceeds else { return }
        logger.log(.info, "shutting down: \(reason)")
        let exitDeadline = start &+ UInt64(configuration.exitBudget * 1e9)
        waitUntilIdle(deadline: min(start &+ UInt64(max(0, grace) * 1e9), exitDeadline))
        cancelAllRequests(reason: RPCError.CancellationReason.shutdown)
        runStopHandlers()
        if !writer.flush(until: min(MonotonicClock.deadline(after: configuration.finalFlushTimeout), exitDeadline)) {
            // Never leave a half-written message for a client that still reads it.
            let finished = writer.finishMessage(stallTimeout: configuration.stalledClientTimeout,
                                                until: MonotonicClock.deadline(after: configuration.messageCompletionTimeout))
            logger.log(.warning, finished ? "output not fully written before exit; no message cut off"
                                          : "exiting with a message half written: the client stopped reading it")
        }
        lifecycle.withLock { $0.isFinished = true }
        lifecycle.broadcast()
    }

    /// Blocks until `finish` ended.
    func waitUntilFinished() {
        lifecycle.wait(until: { $0.isFinished }) { _ in }
    }
}

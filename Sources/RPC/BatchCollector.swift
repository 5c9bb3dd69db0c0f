import Locking
import Synchronization

/// Gathers the answers to one batch and releases them as a single array message once the last
/// request of the batch is answered.
///
/// It starts with one hold, released by `finishDispatch()` after every element was handed out,
/// so a batch of instant answers is not released before its later elements were even read.
final class BatchCollector: Sendable {
    private struct State {
        var outstanding = 1
        var line = OutputBuffer([UInt8(ascii: "[")])

        mutating func release() -> OutputBuffer? {
            outstanding -= 1
            guard outstanding == 0, line.encodedCount > 1 else { return nil }  // all-notification: nothing
            line.tail.append(UInt8(ascii: "]"))
            return line
        }
    }

    private let state = Locked(State())
    /// The dispatcher its requests are served by, known once the first is.
    private let owner = AtomicLazyReference<Dispatcher>()

    /// Notes the dispatcher serving the batch's requests (the same for all of them).
    func attach(to dispatcher: Dispatcher) {
        _ = owner.storeIfNil(dispatcher)
    }

    /// The dispatcher serving the batch's requests; only asked of a batch `attach(to:)` was told.
    var dispatcher: Dispatcher {
        guard let dispatcher = owner.load() else { preconditionFailure("a batch's request without its dispatcher") }
        return dispatcher
    }

    /// Expects one more answer.
    func expectAnswer() {
        state.withLock { $0.outstanding += 1 }
    }

    /// Adds an encoded answer; returns the batch's JSON text when this was the last one missing.
    func add(_ encode: (inout OutputBuffer) -> Void) -> OutputBuffer? {
        state.withLock { state in
            if state.line.encodedCount > 1 { state.line.tail.append(UInt8(ascii: ",")) }
            encode(&state.line)
            return state.release()
        }
    }

    /// Marks the batch as fully dispatched; returns its JSON text when every answer is already in.
    func finishDispatch() -> OutputBuffer? {
        state.withLock { $0.release() }
    }
}

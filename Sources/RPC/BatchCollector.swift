import Foundation

/// Gathers the answers to one batch and releases them as a single array message once the last
/// request of the batch is answered.
///
/// It starts with one hold, released by `finishDispatch()` after every element was handed out,
/// so a batch of instant answers is not released before its later elements were even read.
final class BatchCollector: @unchecked Sendable {
    // Safety: `outstanding` and `line` are only touched while holding `lock`.
    private let lock = NSLock()
    private var outstanding = 1
    private var line = OutputBuffer([UInt8(ascii: "[")])

    /// Expects one more answer.
    func expectAnswer() {
        lock.withLock { outstanding += 1 }
    }

    /// Adds an encoded answer; returns the batch's JSON text when this was the last one missing.
    func add(_ encode: (inout OutputBuffer) -> Void) -> OutputBuffer? {
        lock.withLock {
            if line.encodedCount > 1 { line.tail.append(UInt8(ascii: ",")) }
            encode(&line)
            return release()
        }
    }

    /// Marks the batch as fully dispatched; returns its JSON text when every answer is already in.
    func finishDispatch() -> OutputBuffer? {
        lock.withLock { release() }
    }

    private func release() -> OutputBuffer? {
        outstanding -= 1
        guard outstanding == 0, line.encodedCount > 1 else { return nil }  // all-notification: nothing
        line.tail.append(UInt8(ascii: "]"))
        return line
    }
}

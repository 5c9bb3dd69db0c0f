import Foundation
import Logging

/// The one writer of the protocol stream: whole framed messages, in the order they were enqueued.
///
/// A dedicated thread swaps the pending bytes out under the lock and writes them with as few
/// `write(2)` calls as the pipe allows, so messages that pile up while a write is in progress go
/// out together. Enqueueing never blocks on the pipe.
///
/// Memory policy: pending output is unbounded for the writer's callers, but the reader asks
/// `waitWhileBacklogExceedsLimit()` after each input chunk and pauses reading while more than
/// `backlogLimit` bytes wait to be written (default 64 MiB). A client that writes everything
/// before reading anything is therefore only stalled once its unread answers pass that limit;
/// 10,000 pipelined requests produce well under 1 MiB.
final class OutputWriter: @unchecked Sendable {
    // Safety: every mutable field except `spare` is guarded by `condition`; `spare` is touched only
    // by the writer thread.
    private let fileDescriptor: Int32
    private let backlogLimit: Int
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var spare: [UInt8] = []
    private var isWriting = false
    private var writerIsWaiting = false
    private var isStopped = false
    private var isBroken = false
    private var framing: Framing
    private let onBrokenPipe: @Sendable () -> Void
    private let logger: Logger

    /// A writer of `fileDescriptor`; `onBrokenPipe` runs once when the reader of the pipe is gone.
    init(fileDescriptor: Int32, framing: Framing, backlogLimit: Int, logger: Logger,
         onBrokenPipe: @escaping @Sendable () -> Void)
    {
        self.fileDescriptor = fileDescriptor
        self.framing = framing
        self.backlogLimit = backlogLimit
        self.logger = logger
        self.onBrokenPipe = onBrokenPipe
        pending.reserveCapacity(1 << 16)
    }

    /// Starts the writer thread.
    func start() {
        let thread = Thread { [self] in self.writeLoop() }
        thread.name = "rpc-writer"
        thread.start()
    }

    /// Frames every later message with `framing` (set once the reader knows the input's).
    func use(_ framing: Framing) {
        condition.withLock { self.framing = framing }
    }

    /// Queues one message, `body` being its JSON text; framed here.
    func enqueue(message body: [UInt8]) {
        condition.lock()
        if !isBroken && !isStopped {
            framing.appendMessage(body, to: &pending)
            if writerIsWaiting { condition.signal() }
        }
        condition.unlock()
    }

    /// Queues `bytes`, one or more messages already framed with the framing given to `use`.
    func enqueue(framed bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        condition.lock()
        if !isBroken && !isStopped {
            pending.append(contentsOf: bytes)
            if writerIsWaiting { condition.signal() }
        }
        condition.unlock()
    }

    /// Blocks the caller (the reader) while more than the backlog limit waits to be written.
    func waitWhileBacklogExceedsLimit() {
        condition.lock()
        while pending.count > backlogLimit && !isBroken && !isStopped {
            condition.wait()
        }
        condition.unlock()
    }

    /// Waits until everything enqueued so far is written, the pipe broke, or `deadline` passed.
    /// Returns `true` when the output was fully written.
    @discardableResult
    func flush(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while (!pending.isEmpty || isWriting) && !isBroken {
            if !condition.wait(until: deadline) { break }
        }
        return pending.isEmpty && !isWriting && !isBroken
    }

    /// Lets the writer thread end once the pending output is written; later lines are dropped.
    func stop() {
        condition.lock()
        isStopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func writeLoop() {
        condition.lock()
        while true {
            while pending.isEmpty && !isStopped && !isBroken {
                writerIsWaiting = true
                condition.broadcast()  // flushers and a paused reader
                condition.wait()
                writerIsWaiting = false
            }
            if pending.isEmpty || isBroken { break }
            swap(&pending, &spare)
            isWriting = true
            condition.unlock()
            let succeeded = writeAll(spare)
            if spare.capacity > 1 << 22 {
                spare = []  // give a burst's memory back
            } else {
                spare.removeAll(keepingCapacity: true)
            }
            condition.lock()
            isWriting = false
            if !succeeded {
                isBroken = true
                pending = []
            }
            condition.broadcast()
            if !succeeded {
                condition.unlock()
                onBrokenPipe()
                return
            }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Writes all of `bytes`; `false` when the descriptor failed (EPIPE or another error).
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    logger.log(.info, "stopped writing: \(String(cString: strerror(errno)))")
                    return false
                }
            }
            return true
        }
    }
}

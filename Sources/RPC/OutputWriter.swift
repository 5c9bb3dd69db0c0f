import Foundation
import Logging
import Synchronization

/// The one writer of the protocol stream: whole framed messages, in the order they were enqueued.
///
/// A dedicated thread swaps the queue out under the lock and writes it with as few `write(2)`
/// calls as the pipe allows, so messages that pile up while a write is in progress go out
/// together. Enqueueing never blocks on the pipe. Inline binary data (`OutputBuffer.Piece.base64`)
/// is encoded as it is written, a chunk at a time, from bytes the messages share.
///
/// Memory policy: the reader asks `waitWhileBacklogExceedsLimit()` after each input chunk and
/// pauses reading while more than `backlogLimit` bytes wait to be written (default 64 MiB),
/// counting base64 at its written size. A client that writes everything before reading anything
/// is only stalled once its unread answers pass that limit; 10,000 pipelined pings produce well
/// under 1 MiB, and 400 inline answers for one 10 MiB image hold that image once.
///
/// Exit (`finishMessage(stallTimeout:until:)`): a message is never left half written for a
/// client that still reads: once the flush deadline passed the writer completes the message it
/// is in, as long as the client keeps reading, and starts no other.
final class OutputWriter: @unchecked Sendable {
    // Safety: every mutable field except `writing` and `writtenBytes` is guarded by `condition`;
    // `writing` is touched only by the writer thread; `writtenBytes` is atomic.
    private let fileDescriptor: Int32
    private let backlogLimit: Int
    private let condition = NSCondition()
    /// What is queued before `tail`, in order: pieces of messages with inline data (whose ends
    /// are later), and the reader's chunks of whole messages.
    private var pieces: [Queued] = []
    /// The queued bytes after `pieces`: whole messages only.
    private var tail: [UInt8] = []
    private var writing: [UInt8] = []
    /// Bytes queued and not yet written, base64 at its encoded size.
    private var pendingBytes = 0
    /// Bytes written so far, for telling a slow client from a stalled one (atomic: counting
    /// must not cost the writer the lock enqueuers take).
    private let writtenBytes = Atomic<Int>(0)
    private var isWriting = false
    /// The writer has written every message it started.
    private var isBetweenMessages = true
    private var writerIsWaiting = false
    private var isStopped = false
    private var stopsAfterThisMessage = false
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
        tail.reserveCapacity(1 << 16)
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
        locked { accepting in
            guard accepting else { return }
            framing.appendMessage(body, to: &tail)
            pendingBytes += body.count + 32
            sealTailIfLarge()
        }
    }

    /// Queues one message whose JSON text has inline binary pieces; framed here. Its text ends
    /// in bytes (a `}` or `]`), so the message ends in `tail`, as every message there does.
    func enqueue(message body: OutputBuffer) {
        guard !body.isPlain else { return enqueue(message: body.tail) }
        locked { accepting in
            guard accepting else { return }
            let count = body.encodedCount
            if framing == .contentLength { Framing.withHeader(bodyLength: count) { tail.append(contentsOf: $0) } }
            for piece in body.allPieces {
                switch piece {
                case .bytes(let bytes):
                    tail.append(contentsOf: bytes)
                case .base64:
                    if !tail.isEmpty { pieces.append(.piece(.bytes(tail))) }
                    tail = []
                    pieces.append(.piece(piece))
                }
            }
            if framing == .newline { tail.append(0x0A) }
            pendingBytes += count + 32
            sealTailIfLarge()
        }
    }

    /// Moves a `tail` of whole messages past 1 MiB into the queue as it is: a backlog grows by
    /// such pieces rather than by doubling one array (whose growth holds the old and the new
    /// buffer at once, up to three times the backlog).
    private func sealTailIfLarge() {
        guard tail.count >= 1 << 20 else { return }
        pieces.append(.piece(.bytes(tail)))
        tail = []
    }

    /// Queues the reader's `chunk`: one or more whole messages already framed with the framing
    /// given to `use`, written from the reader's own buffer.
    func enqueue(framed chunk: ReaderChunk) {
        guard chunk.bytes.count > 0 else { return }
        locked { accepting in
            guard accepting else { return }
            if !tail.isEmpty { pieces.append(.piece(.bytes(tail))) }
            tail = []
            pieces.append(.chunk(chunk))
            pendingBytes += chunk.bytes.count
        }
    }

    private func locked(_ body: (_ accepting: Bool) -> Void) {
        condition.lock()
        body(!isBroken && !isStopped)
        if writerIsWaiting { condition.signal() }
        condition.unlock()
    }

    /// Blocks the caller (the reader) while more than the backlog limit waits to be written.
    func waitWhileBacklogExceedsLimit() {
        condition.lock()
        while pendingBytes > backlogLimit && !isBroken && !isStopped {
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
        while (pendingBytes > 0 || isWriting) && !isBroken {
            if !condition.wait(until: deadline) { break }
        }
        return pendingBytes == 0 && !isWriting && !isBroken
    }

    /// After a flush ran out of time: drops every message not started and waits while the one
    /// being written is finished, as long as the client keeps reading (some bytes every
    /// `stallTimeout` seconds) and `deadline` has not passed. Returns `true` when no message is
    /// left half written.
    @discardableResult
    func finishMessage(stallTimeout: Double, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        stopsAfterThisMessage = true
        condition.broadcast()
        var lastProgress = (bytes: writtenBytes.load(ordering: .relaxed), at: Date())
        while !isBetweenMessages && !isBroken && Date() < deadline {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
            let written = writtenBytes.load(ordering: .relaxed)
            if written != lastProgress.bytes {
                lastProgress = (written, Date())
            } else if Date().timeIntervalSince(lastProgress.at) > stallTimeout {
                break  // the client stopped reading: nobody will see the rest
            }
        }
        return isBetweenMessages || isBroken
    }

    /// Lets the writer thread end once the pending output is written; later messages are dropped.
    func stop() {
        condition.lock()
        isStopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func writeLoop() {
        condition.lock()
        while true {
            while pendingBytes == 0 && !isStopped && !isBroken && !stopsAfterThisMessage {
                writerIsWaiting = true
                condition.broadcast()  // flushers and a paused reader
                condition.wait()
                writerIsWaiting = false
            }
            if pendingBytes == 0 || isBroken || (stopsAfterThisMessage && isBetweenMessages) { break }
            let queued = pieces
            pieces = []
            swap(&tail, &writing)
            let queuedBytes = pendingBytes
            isWriting = true
            // Pieces hold the start of a message whose end is in `writing`, which ends with a
            // message: the writer is inside a message until all of it is written.
            isBetweenMessages = false
            condition.unlock()
            var succeeded = true
            for entry in queued where succeeded {
                switch entry {
                case .piece(let piece): succeeded = writePiece(piece)
                case .chunk(let chunk): succeeded = writeAll(chunk.bytes)
                }
            }
            if succeeded && !writing.isEmpty {
                succeeded = writing.withUnsafeBytes(writeAll)
            }
            condition.withLock { isBetweenMessages = true }
            if writing.capacity > 1 << 22 {
                writing = []  // give a burst's memory back
            } else {
                writing.removeAll(keepingCapacity: true)
            }
            condition.lock()
            isWriting = false
            pendingBytes = max(0, pendingBytes - queuedBytes)
            if !succeeded {
                isBroken = true
                pieces = []
                tail = []
                pendingBytes = 0
            }
            condition.broadcast()
            if !succeeded {
                condition.unlock()
                onBrokenPipe()
                return
            }
        }
        isBetweenMessages = true
        condition.broadcast()
        condition.unlock()
    }

    /// Writes one piece; base64 is encoded 48 KiB of input at a time.
    private func writePiece(_ piece: OutputBuffer.Piece) -> Bool {
        switch piece {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes(writeAll)
        case .base64(let data):
            var start = data.startIndex
            while start < data.endIndex {
                let end = data.index(start, offsetBy: min(3 << 14, data.endIndex - start))
                guard Array(data[start..<end].base64EncodedData()).withUnsafeBytes(writeAll) else { return false }
                start = end
            }
            return true
        }
    }

    /// Writes all of `buffer`; `false` when the descriptor failed (EPIPE or another error).
    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written >= 0 {
                offset += written
                writtenBytes.add(written, ordering: .relaxed)
            } else if errno == EINTR || errno == EAGAIN {
                continue
            } else {
                logger.log(.info, "stopped writing: \(String(cString: strerror(errno)))")
                return false
            }
        }
        return true
    }

    /// One entry of the queue before `tail`.
    private enum Queued {
        case piece(OutputBuffer.Piece)
        case chunk(ReaderChunk)
    }
}

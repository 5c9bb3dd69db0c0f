#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Locking
import Logging
import Synchronization

/// The one writer of the protocol stream: whole framed messages, in the order they were enqueued.
///
/// A dedicated thread takes everything queued and writes it with as few `write(2)` calls as the
/// pipe allows, so messages that pile up while a write is in progress go out together.
/// Enqueueing never blocks on the pipe. Inline binary data (`OutputBuffer.Piece.base64`) is
/// encoded as it is written, a chunk at a time, from bytes the messages share.
///
/// The writer knows where every message ends, also inside one coalesced write: asked to stop
/// (`finishMessage`), it finishes the message it is in and starts no other.
///
/// Memory policy: the reader asks `waitWhileBacklogExceedsLimit(watching:)` before each read
/// and pauses while more than `backlogLimit` bytes wait to be written (default 64 MiB),
/// counting base64 at its written size. While paused it still notices its input closing.
final class OutputWriter: Sendable {
    private let queue: Locked<Queue>
    /// `Queue.stopsAtNextMessageEnd`, read before every `write(2)` without the lock.
    private let isStopping = Atomic<Bool>(false)
    /// Bytes written so far, for telling a slow client from one that stopped reading.
    private let writtenBytes = Atomic<Int>(0)
    private let fileDescriptor: Int32
    private let backlogLimit: Int
    /// A pipe that wakes the paused reader when the backlog drains.
    private let readerWakeUp: (read: Int32, write: Int32)
    private let logger: Logger
    private let brokenPipeHandler = Locked<(@Sendable () -> Void)?>(nil)

    /// A writer of `fileDescriptor`, framing messages with `framing` until told otherwise.
    init(fileDescriptor: Int32, framing: Framing, backlogLimit: Int, logger: Logger) {
        self.fileDescriptor = fileDescriptor
        self.backlogLimit = backlogLimit
        self.logger = logger
        queue = Locked(Queue(framing: framing), waitable: true)
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        readerWakeUp = (ends[0], ends[1])
    }

    deinit {
        close(readerWakeUp.read)
        close(readerWakeUp.write)
    }

    /// Runs `body` once when the reader of the pipe is gone (EPIPE or another write error).
    func whenBroken(_ body: @escaping @Sendable () -> Void) {
        brokenPipeHandler.withLock { $0 = body }
    }

    /// Starts the writer thread.
    func start() {
        let thread = Thread { [self] in self.writeLoop() }
        thread.name = "rpc-writer"
        thread.start()
    }

    /// Frames every later message with `framing` (set once the reader knows the input's).
    func use(_ framing: Framing) {
        queue.withLock { $0.framing = framing }
    }

    /// The framing messages are written with.
    var framing: Framing { queue.withLock { $0.framing } }

    /// Queues one message, `body` being its JSON text; framed here.
    func enqueue(message body: [UInt8]) {
        locked { queue in
            let start = queue.text.count
            queue.framing.appendMessage(body, to: &queue.text)
            queue.ends.append(queue.text.count)
            queue.pendingBytes += queue.text.count - start
        }
    }

    /// Queues one message that `encode` appends (its JSON text, without a newline) while the
    /// queue is held; framed here. `encode` only appends: it takes no lock.
    func enqueue(encoding encode: (inout [UInt8]) -> Void) {
        locked { queue in
            let start = queue.text.count
            if queue.framing == .newline {
                encode(&queue.text)
                queue.framing.appendTail(to: &queue.text)
            } else {
                var body: [UInt8] = []
                encode(&body)
                queue.framing.appendMessage(body, to: &queue.text)
            }
            queue.ends.append(queue.text.count)
            queue.pendingBytes += queue.text.count - start
        }
    }

    /// Queues one message whose JSON text has inline binary pieces; framed here.
    func enqueue(message body: OutputBuffer) {
        guard !body.isPlain else { return enqueue(message: body.tail) }
        locked { queue in
            let count = body.encodedCount
            var framing: [UInt8] = []
            queue.framing.appendHead(bodyLength: count, to: &framing)
            queue.framing.appendTail(to: &framing)
            queue.pendingBytes += count + framing.count
            queue.framing.appendHead(bodyLength: count, to: &queue.text)
            for piece in body.allPieces {
                switch piece {
                case .bytes(let bytes):
                    queue.text.append(contentsOf: bytes)
                case .base64(let data):
                    queue.segments.append(.text(queue.text, ends: queue.ends))
                    (queue.text, queue.ends) = ([], [])
                    queue.segments.append(.base64(data))
                }
            }
            queue.framing.appendTail(to: &queue.text)
            queue.ends.append(queue.text.count)
        }
    }

    /// Queues messages the reader framed with `framing`: `framed` holds them whole, each ending
    /// at its offset in `ends`.
    func enqueue(framed: [UInt8], ends: [Int]) {
        guard !framed.isEmpty else { return }
        locked { queue in
            let base = queue.text.count
            queue.text.append(contentsOf: framed)
            queue.ends.append(contentsOf: ends.lazy.map { $0 + base })
            queue.pendingBytes += framed.count
        }
    }

    /// Runs `body` on the queue unless the writer stopped or broke, then wakes the writer if it
    /// waits: at once, or, inside a `HandOffBatch`, when the batch ends (unless much is queued).
    private func locked(_ body: (inout Queue) -> Void) {
        let wakeUp = queue.withLock { queue -> WakeUp? in
            guard !queue.isBroken && !queue.isStopped else { return nil }
            body(&queue)
            if queue.text.count >= 1 << 20 {
                // A backlog grows by such pieces rather than by doubling one array (whose
                // growth holds the old and the new buffer at once).
                queue.segments.append(.text(queue.text, ends: queue.ends))
                (queue.text, queue.ends) = ([], [])
            }
            guard queue.writerIsIdle else { return nil }
            if !HandOffBatch.isBatching || queue.pendingBytes >= 1 << 16 {
                queue.writerIsIdle = false
                return .now
            }
            guard !queue.isWakeUpDeferred else { return nil }
            queue.isWakeUpDeferred = true
            return .deferred
        }
        switch wakeUp {
        case .now?: queue.broadcast()
        case .deferred?: HandOffBatch.handOff(to: self) { [self] in wakeDeferred() }
        case nil: break
        }
    }

    private enum WakeUp {
        case now, deferred
    }

    /// The batch that deferred waking the writer ended. (The writer clears `writerIsIdle`
    /// itself when it takes the queue: cleared here, a writer that found nothing would sleep
    /// on while later messages wait for a wake-up nobody sends.)
    private func wakeDeferred() {
        queue.withLock { $0.isWakeUpDeferred = false }
        queue.broadcast()
    }

    /// Blocks the caller (the reader) while more than the backlog limit waits to be written.
    /// Returns `false` when `input` was closed by its writer meanwhile: the reader then stops
    /// reading, as nobody waits for answers to what it has not read.
    func waitWhileBacklogExceedsLimit(watching input: Int32) -> Bool {
        while true {
            let mustWait = queue.withLock { queue -> Bool in
                let mustWait = queue.pendingBytes > backlogLimit && !queue.isBroken && !queue.isStopped
                queue.readerIsPaused = mustWait
                return mustWait
            }
            guard mustWait else { return true }
            // `events: 0` on the input: only its hang-up or an error wakes this.
            var descriptors = [pollfd(fd: input, events: 0, revents: 0), pollfd(fd: readerWakeUp.read, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return true }
            var drained = [UInt8](repeating: 0, count: 64)
            while read(readerWakeUp.read, &drained, drained.count) > 0 {}
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                queue.withLock { $0.readerIsPaused = false }
                return false
            }
        }
    }

    /// Waits until everything enqueued so far is written, the pipe broke, or `deadline`
    /// (`MonotonicClock`) passed. Returns `true` when the output was fully written.
    @discardableResult
    func flush(until deadline: UInt64) -> Bool {
        queue.wait(until: { ($0.pendingBytes == 0 && !$0.isWriting) || $0.isBroken || $0.hasEnded }, deadline: deadline) {
            $0.pendingBytes == 0 && !$0.isWriting && !$0.isBroken
        }
    }

    /// After a flush ran out of time: the writer finishes the message it is in and starts no
    /// other. Waits for that while the client keeps reading (some bytes every `stallTimeout`
    /// seconds) and `deadline` has not passed. Returns `true` when no message is left half written.
    @discardableResult
    func finishMessage(stallTimeout: Double, until deadline: UInt64) -> Bool {
        queue.withLock { $0.stopsAtNextMessageEnd = true }
        isStopping.store(true, ordering: .relaxed)
        queue.broadcast()
        var progress = (bytes: writtenBytes.load(ordering: .relaxed), at: MonotonicClock.nanoseconds)
        while true {
            let wait = min(deadline, MonotonicClock.deadline(after: 0.05))
            let isDone = queue.wait(until: { $0.hasEnded || $0.isBroken }, deadline: wait) { $0.hasEnded || $0.isBroken }
            if isDone { return queue.withLock { $0.isBetweenMessages || $0.isBroken } }
            let now = MonotonicClock.nanoseconds
            guard now < deadline else { return false }
            let written = writtenBytes.load(ordering: .relaxed)
            if written != progress.bytes {
                progress = (written, now)
            } else if Double(now - progress.at) / 1e9 > stallTimeout {
                return false  // the client stopped reading: nobody will see the rest
            }
        }
    }

    /// Lets the writer thread end once the pending output is written; later messages are dropped.
    func stop() {
        queue.withLock { $0.isStopped = true }
        queue.broadcast()
        wakeReader()
    }

    private func wakeReader() {
        var byte: UInt8 = 1
        _ = write(readerWakeUp.write, &byte, 1)
    }

    private func writeLoop() {
        var text: [UInt8] = []
        var ends: [Int] = []
        while var segments = takeQueue(reusing: &text, &ends) {
            let outcome = writeSegments(segments)
            finishBatch(outcome)
            if case .stopped = outcome { break }
            if case .broken = outcome {
                brokenPipeHandler.withLock { $0 }?()
                return
            }
            if case .text(let written, let writtenEnds)? = segments.popLast() {
                segments = []
                (text, ends) = (written, writtenEnds)
            }
            text.removeAll(keepingCapacity: text.capacity <= 1 << 22)  // a burst's memory goes back
            ends.removeAll(keepingCapacity: true)
        }
        queue.withLock { queue in
            queue.hasEnded = true
            queue.isWriting = false
        }
        queue.broadcast()
    }

    /// Everything queued, its open text swapped with the writer's empty buffers; `nil` once the
    /// writer is to end.
    private func takeQueue(reusing text: inout [UInt8], _ ends: inout [Int]) -> [Segment]? {
        queue.withLock { queue in
            if !queue.hasWork && !queue.isStopped && !queue.isBroken && !queue.stopsAtNextMessageEnd { queue.writerIsIdle = true }
        }
        queue.broadcast()  // flushers and a finisher see an idle writer
        return queue.wait(until: { $0.hasWork || $0.isStopped || $0.isBroken || $0.stopsAtNextMessageEnd }) { queue in
            queue.writerIsIdle = false
            guard queue.hasWork, !queue.isBroken else { return nil }
            var segments = queue.segments
            queue.segments = []
            swap(&queue.text, &text)
            swap(&queue.ends, &ends)
            segments.append(.text(text, ends: ends))
            queue.isWriting = true
            return segments
        }
    }

    private enum Outcome {
        case written
        /// Stopped at the end of a message (`finishMessage`), what followed unwritten.
        case stopped
        case broken
    }

    private func finishBatch(_ outcome: Outcome) {
        queue.withLock { queue in
            queue.isWriting = false
            if case .broken = outcome {
                queue.isBroken = true
                queue.segments = []
                (queue.text, queue.ends) = ([], [])
                queue.pendingBytes = 0
            }
        }
        queue.broadcast()
    }

    /// Writes `segments` in order, stopping at a message end once asked to.
    private func writeSegments(_ segments: [Segment]) -> Outcome {
        var isBetween = queue.withLock { $0.isBetweenMessages }
        for segment in segments {
            switch segment {
            case .text(let bytes, let ends):
                var offset = 0
                var nextEnd = 0
                while offset < bytes.count {
                    if isBetween && isStopping.load(ordering: .relaxed) { return .stopped }
                    // Once stopping, a write reaches no further than the end of the current message.
                    let limit = isStopping.load(ordering: .relaxed) && nextEnd < ends.count ? ends[nextEnd] : bytes.count
                    let count = bytes.withUnsafeBytes { writeSome($0.baseAddress! + offset, limit - offset) }
                    guard count > 0 else { return .broken }
                    offset += count
                    while nextEnd < ends.count && ends[nextEnd] <= offset { nextEnd += 1 }
                    isBetween = nextEnd > 0 && ends[nextEnd - 1] == offset
                    report(written: count, isBetweenMessages: isBetween)
                }
            case .base64(let data):
                isBetween = false
                var start = data.startIndex
                while start < data.endIndex {
                    let end = data.index(start, offsetBy: min(3 << 14, data.endIndex - start))
                    let encoded = [UInt8](data[start..<end].base64EncodedData())
                    var offset = 0
                    while offset < encoded.count {
                        let count = encoded.withUnsafeBytes { writeSome($0.baseAddress! + offset, encoded.count - offset) }
                        guard count > 0 else { return .broken }
                        offset += count
                        report(written: count, isBetweenMessages: false)
                    }
                    start = end
                }
            }
        }
        return isBetween && isStopping.load(ordering: .relaxed) ? .stopped : .written
    }

    /// Counts `written` bytes as done; wakes the reader when the backlog fell to its bound.
    private func report(written: Int, isBetweenMessages: Bool) {
        writtenBytes.add(written, ordering: .relaxed)
        let wakesReader = queue.withLock { queue -> Bool in
            queue.pendingBytes = max(0, queue.pendingBytes - written)
            queue.isBetweenMessages = isBetweenMessages
            guard queue.readerIsPaused && queue.pendingBytes <= backlogLimit else { return false }
            queue.readerIsPaused = false
            return true
        }
        if wakesReader { wakeReader() }
    }

    /// One `write(2)` of up to `count` bytes at `start`: how many were written, 0 when the
    /// descriptor failed (EPIPE or another error). A non-blocking descriptor is waited on.
    private func writeSome(_ start: UnsafeRawPointer, _ count: Int) -> Int {
        while true {
            let written = write(fileDescriptor, start, count)
            if written > 0 { return written }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, -1)
            default:
                logger.log(.info, "stopped writing: \(String(cString: strerror(errno)))")
                return 0
            }
        }
    }
}

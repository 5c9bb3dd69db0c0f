import Foundation

extension OutputWriter {
    /// A part of the queue before its open text.
    enum Segment: Sendable {
        /// Framed text; `ends` are the offsets where its messages end (its last message may go on
        /// in the segments after it).
        case text([UInt8], ends: [Int])
        /// Bytes written as base64, inside a message.
        case base64(Data)
    }

    /// What the writer thread shares with the threads that enqueue, behind one lock.
    struct Queue: Sendable {
        var segments: [Segment] = []
        /// Whole messages after `segments`, framed.
        var text: [UInt8] = []
        var ends: [Int] = []
        /// Bytes queued and not yet written, base64 at its encoded size.
        var pendingBytes = 0
        var framing: Framing
        var isWriting = false
        var writerIsIdle = false
        /// A `HandOffBatch` will wake the writer when it ends.
        var isWakeUpDeferred = false
        var readerIsPaused = false
        /// Later messages are dropped; the thread ends once what is queued is written.
        var isStopped = false
        /// The thread ends at the next end of a message, writing nothing after it.
        var stopsAtNextMessageEnd = false
        var isBroken = false
        var hasEnded = false
        /// Every message started was written whole.
        var isBetweenMessages = true

        var hasWork: Bool { !segments.isEmpty || !text.isEmpty }
    }
}

/// What the framing layer hands upwards; all calls come from the reader thread.
protocol MessageReaderDelegate: AnyObject {
    /// The stream's framing is known (configured, or detected from its first bytes); called once,
    /// before the first message.
    func messageReader(didDetect framing: Framing)
    /// One message's JSON text (for lines: without the `\n` and one trailing `\r`, never blank).
    /// The buffer is only valid during the call.
    func messageReader(didRead message: UnsafeRawBufferPointer)
    /// A message could not be framed: over the size cap, a bad header, cut off by the end of
    /// input. Answered -32700 with `reason`; the reader has already skipped past it.
    func messageReader(didReject reason: String)
    /// Every complete message of the latest chunk was handed over; the reader is about to read again.
    func messageReaderDidFinishChunk()
    /// `true` to stop reading before the next chunk (e.g. after `exit`).
    var messageReaderShouldStop: Bool { get }
}

/// One way of cutting a byte stream into messages, fed chunk by chunk.
protocol Framer {
    /// Hands every complete message in `buffer` to `delegate` and consumes what it used.
    mutating func consume(_ buffer: inout ReadBuffer, delegate: MessageReaderDelegate)
    /// The input ended: deals with what is left in `buffer`.
    mutating func endOfInput(_ buffer: inout ReadBuffer, delegate: MessageReaderDelegate)
}

/// The reader thread's loop: reads large chunks into one reusable buffer, settles the framing
/// (the configured one, else detected from the first bytes) and lets that framing's `Framer`
/// cut messages out of the buffer in place.
struct MessageReader {
    let fileDescriptor: Int32
    let maxMessageBytes: Int
    /// `nil`: detect from the first bytes.
    let framing: Framing?
    var chunkSize = 1 << 18

    /// Reads until end of input (or a read error, or the delegate asks to stop).
    func run(delegate: MessageReaderDelegate) {
        var buffer = ReadBuffer(chunkSize: chunkSize)
        var framing = self.framing
        var isAtEnd = false
        while framing == nil {
            guard !delegate.messageReaderShouldStop else { return }
            if buffer.fill(from: fileDescriptor) == 0 {
                isAtEnd = true
                framing = .newline
            } else {
                framing = Self.skipLeadingWhitespaceAndDetect(&buffer)
            }
        }
        delegate.messageReader(didDetect: framing!)
        switch framing! {
        case .newline: run(NewlineFramer(maxMessageBytes: maxMessageBytes), &buffer, isAtEnd, delegate)
        case .contentLength: run(ContentLengthFramer(maxMessageBytes: maxMessageBytes), &buffer, isAtEnd, delegate)
        }
    }

    private func run(_ framer: some Framer, _ buffer: inout ReadBuffer, _ isAtEnd: Bool, _ delegate: MessageReaderDelegate) {
        var framer = framer
        var isAtEnd = isAtEnd
        while true {
            if buffer.count > 0 {
                framer.consume(&buffer, delegate: delegate)
                delegate.messageReaderDidFinishChunk()
            }
            if isAtEnd {
                framer.endOfInput(&buffer, delegate: delegate)
                delegate.messageReaderDidFinishChunk()
                return
            }
            guard !delegate.messageReaderShouldStop else { return }
            isAtEnd = buffer.fill(from: fileDescriptor) == 0
        }
    }

    /// Drops leading whitespace (blank lines in either framing), then detects.
    private static func skipLeadingWhitespaceAndDetect(_ buffer: inout ReadBuffer) -> Framing? {
        let bytes = buffer.unconsumed
        let blank = bytes.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }.count
        buffer.start += blank
        buffer.rewindIfEmpty()
        return Framing.detect(buffer.unconsumed)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// What the framing layer hands upwards; all calls come from the reader thread, which holds
/// the delegate `inout` for as long as it reads (its state needs no run-time exclusivity checks).
protocol MessageReaderDelegate {
    /// The stream's framing is known (configured, or detected from its first bytes); called once,
    /// before the first message.
    mutating func messageReader(didDetect framing: Framing)
    /// One message's JSON text (for lines: without the `\n` and one trailing `\r`, never blank).
    /// The bytes are only valid during the call.
    mutating func messageReader(didRead message: ArraySlice<UInt8>)
    /// A message could not be framed: over the size cap, a bad header, cut off by the end of
    /// input. Answered -32700 with `reason`; the reader has already skipped past it.
    mutating func messageReader(didReject reason: String)
    /// Every complete message of the latest chunk was handed over.
    mutating func messageReaderDidFinishChunk()
    /// Asked before every read: blocks while the output is over its bound, then says whether to
    /// read on.
    mutating func messageReaderMayRead() -> MessageReader.Permission
}

/// One way of cutting a byte stream into messages, fed chunk by chunk.
protocol Framer {
    /// Hands every complete message in `buffer` to `delegate` and consumes what it used.
    mutating func consume(_ buffer: inout ReadBuffer, delegate: inout some MessageReaderDelegate)
    /// The input ended: deals with what is left in `buffer`.
    mutating func endOfInput(_ buffer: inout ReadBuffer, delegate: inout some MessageReaderDelegate)
}

/// The reader thread's loop: reads large chunks into one reusable buffer, settles the framing
/// (the configured one, else detected from the first bytes) and lets that framing's `Framer`
/// cut messages out of the buffer in place.
struct MessageReader {
    /// Whether the reader may read on (`MessageReaderDelegate.messageReaderMayRead`).
    enum Permission {
        case read
        /// The server is stopping (`exit`, a signal, a broken output).
        case stop
        /// The input's writer closed it while the reader waited for output to drain: what is
        /// still unread would only add answers nobody waits for.
        case inputClosed
    }

    /// Why reading ended.
    enum Ending: Equatable {
        case endOfInput
        case failed(Int32)
        case stopped
        case inputClosedWhilePaused
    }

    let fileDescriptor: Int32
    let maxMessageBytes: Int
    /// `nil`: detect from the first bytes.
    let framing: Framing?
    var chunkSize = 1 << 18

    /// Reads until end of input, a read error, or the delegate stops it.
    func run(delegate: inout some MessageReaderDelegate) -> Ending {
        var buffer = ReadBuffer(chunkSize: chunkSize)
        var framing = self.framing
        var ending: Ending?
        while framing == nil {
            switch delegate.messageReaderMayRead() {
            case .read: break
            case .stop: return .stopped
            case .inputClosed: return .inputClosedWhilePaused
            }
            switch buffer.fill(from: fileDescriptor) {
            case .read:
                framing = Self.skipLeadingWhitespaceAndDetect(&buffer)
            case .endOfInput:
                (ending, framing) = (.endOfInput, .newline)
            case .failed(let code):
                (ending, framing) = (.failed(code), .newline)
            }
        }
        delegate.messageReader(didDetect: framing!)
        switch framing! {
        case .newline: return run(NewlineFramer(maxMessageBytes: maxMessageBytes), &buffer, ending, &delegate)
        case .contentLength: return run(ContentLengthFramer(maxMessageBytes: maxMessageBytes), &buffer, ending, &delegate)
        }
    }

    private func run(_ framer: some Framer, _ buffer: inout ReadBuffer, _ ending: Ending?, _ delegate: inout some MessageReaderDelegate) -> Ending {
        var framer = framer
        var ending = ending
        while true {
            if buffer.count > 0 {
                // What the chunk's messages hand to other threads goes once, after the chunk.
                HandOffBatch.run {
                    framer.consume(&buffer, delegate: &delegate)
                    delegate.messageReaderDidFinishChunk()
                }
            }
            if let ending {
                framer.endOfInput(&buffer, delegate: &delegate)
                delegate.messageReaderDidFinishChunk()
                return ending
            }
            switch delegate.messageReaderMayRead() {
            case .read: break
            case .stop: return .stopped
            case .inputClosed: return .inputClosedWhilePaused
            }
            switch buffer.fill(from: fileDescriptor) {
            case .read: break
            case .endOfInput: ending = .endOfInput
            case .failed(let code): ending = .failed(code)
            }
        }
    }

    /// Drops leading whitespace (blank lines in either framing), then detects.
    private static func skipLeadingWhitespaceAndDetect(_ buffer: inout ReadBuffer) -> Framing? {
        let blank = buffer.unconsumed.prefix(while: isWhitespace).count
        buffer.start += blank
        buffer.rewindIfEmpty()
        return Framing.detect(buffer.unconsumed)
    }

    /// Space, tab, CR or LF.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// The -32700 reason for a message over the cap, the same in both framings.
    static func oversized(_ limit: Int) -> String { "message exceeds \(limit) bytes" }
}

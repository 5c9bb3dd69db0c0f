/// Splits the stream into lines on 0x0A only; one trailing `\r` is dropped, blank lines ignored.
///
/// A line is handed over in place (no copy). A line longer than `maxMessageBytes` is reported
/// once and then skipped chunk by chunk, so at most the cap plus one chunk is ever buffered.
struct NewlineFramer: Framer {
    let maxMessageBytes: Int
    /// Bytes after `buffer.start` already searched for a newline.
    private var scanned = 0
    /// Skipping the rest of an oversized line, up to its newline.
    private var isDiscarding = false

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    mutating func consume(_ buffer: inout ReadBuffer, delegate: inout some MessageReaderDelegate) {
        while let newline = buffer.firstIndex(of: 0x0A, from: buffer.start + scanned) {
            if isDiscarding {
                isDiscarding = false
            } else {
                deliver(buffer.unconsumed[..<newline], to: &delegate)
            }
            buffer.start = newline + 1
            scanned = 0
        }
        scanned = buffer.count
        if isDiscarding {
            buffer.discardAll()
            scanned = 0
        } else if buffer.count - (buffer.unconsumed.last == 0x0D ? 1 : 0) > maxMessageBytes {
            // A trailing `\r` may be the start of the line end, whose `\n` is in the next read:
            // it counts against the cap only once more bytes follow it.
            delegate.messageReader(didReject: MessageReader.oversized(maxMessageBytes))
            isDiscarding = true
            buffer.discardAll()
            scanned = 0
        }
        buffer.rewindIfEmpty()
    }

    mutating func endOfInput(_ buffer: inout ReadBuffer, delegate: inout some MessageReaderDelegate) {
        // A last line without a newline still counts.
        if !isDiscarding && buffer.count > 0 { deliver(buffer.unconsumed, to: &delegate) }
        buffer.discardAll()
    }

    private func deliver(_ rawLine: ArraySlice<UInt8>, to delegate: inout some MessageReaderDelegate) {
        let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
        if line.count > maxMessageBytes {
            delegate.messageReader(didReject: MessageReader.oversized(maxMessageBytes))
            return
        }
        // Blank lines are skipped; a line that starts with anything but a space or tab is not blank.
        guard let first = line.first, first != 0x20 && first != 0x09 || line.contains(where: { $0 != 0x20 && $0 != 0x09 })
        else { return }
        delegate.messageReader(didRead: line)
    }
}

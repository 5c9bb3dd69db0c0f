/// Cuts the stream into LSP base-protocol messages: a header section (lines `Name: value`
/// ending in `\r\n`, a bare `\n` accepted, closed by an empty line), then exactly
/// `Content-Length` bytes of body, handed over in place.
///
/// The rules (protocol/README.md, section 1), line by line:
/// - Between messages, blank lines (empty, or only spaces, tabs and `\r`) are skipped; they are
///   no part of any header section.
/// - A header section runs from its first line through the empty line that ends it; with its
///   line ends it holds at most `maxHeaderBytes`. Header names are case-insensitive tokens
///   (no space before the colon); `Content-Length` is decimal digits, spaces and tabs around
///   them allowed, and may repeat with the same value; other headers are ignored. A line over
///   `maxHeaderBytes` is not read (its section is over the limit anyway).
/// - A good section is followed by its body: delivered, or, over `maxMessageBytes`, answered
///   once and skipped byte for byte as it arrives (never buffered).
/// - A bad section (a line that is not `Name: value`, a `Content-Length` that is not a
///   number, two different ones, none, too many header bytes) is answered once, when the
///   problem is seen, and never served. After its empty line the body is skipped when the
///   section named one length; otherwise the framer resynchronises: it skips to the next
///   `Content-Length:` (any letter case) followed by a number and a line end, which starts a
///   section. A valid JSON body cannot hold that text (a JSON string holds no raw line end).
/// - Input that ends inside a section or a body is answered once; inside a skipped body or
///   while resynchronising nothing more is said.
struct ContentLengthFramer: Framer {
    /// The longest header section accepted (all its lines with their line ends).
    static let maxHeaderBytes = 8192

    private enum State {
        /// Between messages: blank lines are skipped, anything else starts a header section.
        case idle
        /// Reading the lines of a header section.
        case headers
        /// Waiting for a body of this many bytes.
        case body(Int)
        /// Dropping this many more bytes of a rejected message.
        case skipping(Int)
        /// Looking for `Content-Length: N` and a line end.
        case resynchronizing
    }

    /// What one header section said so far.
    private struct Section {
        var bytes = 0
        var length: Int?
        var hasConflictingLengths = false
        /// The section's one -32700 was sent.
        var isRejected = false
    }

    /// What is known of a line too long to keep, whose bytes so far were dropped.
    private struct DroppedLine {
        var bytes = 0
        var isBlank = true
    }

    let maxMessageBytes: Int
    private var state = State.idle
    private var section = Section()
    private var droppedLine: DroppedLine?
    /// Bytes after `buffer.start` already searched for a line end.
    private var scanned = 0

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    mutating func consume(_ buffer: inout ReadBuffer, delegate: inout some MessageReaderDelegate) {
        while true {
            switch state {
            case .body(let length):
                guard buffer.count >= length else { return }
                delegate.messageReader(didRead: buffer.unconsumed.prefix(length))
                buffer.start += length
                state = .idle
            case .skipping(let remaining):
                let dropped = min(remaining, buffer.count)
                buffer.start += dropped
                guard dropped == remaining else {
                    state = .skipping(remaining - dropped)
                    return buffer.rewindIfEmpty()
                }
                state = .idle
            case .resynchronizing:
                guard resynchronize(&buffer) else { return buffer.rewindIfEmpty() }
                section = Section()
                state = .headers
            case .idle, .headers:
                guard let newline = buffer.firstIndex(of: 0x0A, from: buffer.start + scanned) else {
                    keepOrDropPartialLine(&buffer, &delegate)
                    return buffer.rewindIfEmpty()
                }
                let line = buffer.unconsumed[..<newline]
                let dropped = droppedLine
                droppedLine = nil
                scanned = 0
                buffer.start = newline + 1
                read(line, dropped: dropped, &delegate)
            }
        }
    }

    mutating func endOfInput(_ buffer: inout ReadBuffer, delegate: inout some MessageReaderDelegate) {
        let partialIsBlank = (droppedLine?.isBlank ?? true) && buffer.unconsumed.allSatisfy(MessageReader.isWhitespace)
        switch state {
        case .idle where !partialIsBlank:
            delegate.messageReader(didReject: "end of input inside the headers of a message")
        case .headers where !section.isRejected:
            delegate.messageReader(didReject: "end of input inside the headers of a message")
        case .body(let length):
            delegate.messageReader(didReject: "end of input after \(buffer.count) of the \(length) bytes of a message")
        default:
            break
        }
        buffer.discardAll()
    }

    /// One whole line (without its `\n`); `dropped` says what came before it if it was too long to keep.
    private mutating func read(_ line: ArraySlice<UInt8>, dropped: DroppedLine?, _ delegate: inout some MessageReaderDelegate) {
        let byteCount = (dropped?.bytes ?? 0) + line.count + 1
        if case .idle = state {
            if (dropped?.isBlank ?? true) && line.allSatisfy(Self.isBlank) { return }
            section = Section()
            state = .headers
        }
        section.bytes += byteCount
        if section.bytes > Self.maxHeaderBytes {
            reject("bad header: the header section exceeds \(Self.maxHeaderBytes) bytes", &delegate)
        }
        let content = line.last == 0x0D ? line.dropLast() : line
        if dropped == nil && content.isEmpty {
            endSection(&delegate)
        } else if dropped == nil && byteCount <= Self.maxHeaderBytes {
            read(header: content, &delegate)
        }
    }

    /// No line end in the buffer yet: a line too long to be read is dropped as it arrives.
    private mutating func keepOrDropPartialLine(_ buffer: inout ReadBuffer, _ delegate: inout some MessageReaderDelegate) {
        let partial = buffer.unconsumed
        scanned = partial.count
        let isTooLong = (droppedLine?.bytes ?? 0) + partial.count > Self.maxHeaderBytes
        guard isTooLong else { return }
        var dropped = droppedLine ?? DroppedLine()
        dropped.bytes += partial.count
        dropped.isBlank = dropped.isBlank && partial.allSatisfy(Self.isBlank)
        droppedLine = dropped
        buffer.discardAll()
        scanned = 0
        if case .headers = state, isTooLong {
            reject("bad header: the header section exceeds \(Self.maxHeaderBytes) bytes", &delegate)
        }
    }

    /// One `Name: value` line of a section.
    private mutating func read(header line: ArraySlice<UInt8>, _ delegate: inout some MessageReaderDelegate) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
              line[..<colon].allSatisfy(Self.isTokenByte)
        else {
            return reject("bad header: '\(Self.printable(line))' is not 'Name: value'", &delegate)
        }
        guard line[..<colon].map(Framing.lowercased).elementsEqual(Self.marker.dropLast()) else { return }
        let value = line[(colon + 1)...].drop(while: Self.isBlank).reversed().drop(while: Self.isBlank).reversed()
        guard !value.isEmpty, value.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
            return reject("bad header: Content-Length '\(Self.printable(value))' is not a number", &delegate)
        }
        // Twelve digits already exceed any cap; saturate instead of overflowing.
        let length = value.reduce(0) { $0 > 999_999_999_999 ? $0 : $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        if let earlier = section.length, earlier != length {
            section.hasConflictingLengths = true
            reject("bad header: two different Content-Length values", &delegate)
        }
        section.length = length
    }

    /// The empty line after the headers: the body follows, or is skipped, or the framer
    /// resynchronises.
    private mutating func endSection(_ delegate: inout some MessageReaderDelegate) {
        let length = section.hasConflictingLengths ? nil : section.length
        if !section.isRejected {
            if let length, length > maxMessageBytes {
                reject(MessageReader.oversized(maxMessageBytes), &delegate)
            } else if length == nil {
                reject("bad header: no Content-Length", &delegate)
            }
        }
        if let length {
            state = section.isRejected ? .skipping(length) : .body(length)
        } else {
            state = .resynchronizing
        }
    }

    /// Answers the section once, with its first problem.
    private mutating func reject(_ reason: String, _ delegate: inout some MessageReaderDelegate) {
        guard !section.isRejected else { return }
        section.isRejected = true
        delegate.messageReader(didReject: reason)
    }

    /// `content-length:`, where a section starts when resynchronising.
    private static let marker = Array("content-length:".utf8)

    /// Drops bytes up to the next `Content-Length: N` and line end; `true` when the buffer now
    /// starts with one, `false` when more input is needed (a tail that may begin one is kept).
    private mutating func resynchronize(_ buffer: inout ReadBuffer) -> Bool {
        let bytes = buffer.unconsumed
        var candidate = bytes.startIndex
        while candidate < bytes.endIndex {
            switch Self.headerMatch(bytes[candidate...]) {
            case .matches:
                buffer.start = candidate
                scanned = 0
                return true
            case .needsMore:
                buffer.start = candidate
                scanned = 0
                return false
            case .fails:
                candidate += 1
            }
        }
        buffer.discardAll()
        return false
    }

    private enum Match {
        case matches, needsMore, fails
    }

    /// Whether `bytes` begin with `Content-Length:`, spaces or tabs, digits, spaces or tabs and
    /// a line end, the whole line at most `maxHeaderBytes`.
    private static func headerMatch(_ bytes: ArraySlice<UInt8>) -> Match {
        var index = bytes.startIndex
        for expected in marker {
            guard index < bytes.endIndex else { return .needsMore }
            guard Framing.lowercased(bytes[index]) == expected else { return .fails }
            index += 1
        }
        var digits = 0
        var afterDigits = false
        while index < bytes.endIndex {
            guard index - bytes.startIndex < maxHeaderBytes else { return .fails }
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09:
                afterDigits = digits > 0
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !afterDigits:
                digits += 1
            case 0x0A:
                return digits > 0 ? .matches : .fails
            case 0x0D where digits > 0:
                guard index + 1 < bytes.endIndex else { return .needsMore }
                return bytes[index + 1] == 0x0A && index + 1 - bytes.startIndex < maxHeaderBytes ? .matches : .fails
            default:
                return .fails
            }
            index += 1
        }
        return .needsMore
    }

    /// A character of an HTTP header name (RFC 9110 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Space, tab or `\r`: what a blank line holds.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// At most 40 bytes of header text for an error message.
    private static func printable(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.prefix(40).map { $0 < 0x20 || $0 > 0x7E ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts the stream into LSP base-protocol messages: header lines ending in `\r\n` (a bare `\n`
/// is accepted), an empty line, then exactly `Content-Length` bytes of body, handed over in place.
///
/// `Content-Type` and unknown headers are ignored; header names are case-insensitive. Errors
/// are answered once each and never cost the connection: a body over the cap is skipped byte
/// for byte as it arrives (never buffered); a header block with a bad line but a readable
/// `Content-Length` is skipped with its body; without a readable length the reader skips to the
/// next `Content-Length:` header.
struct ContentLengthFramer: Framer {
    /// The longest header section accepted (all header lines together).
    static let maxHeaderBytes = 8192

    private enum State {
        /// Reading header lines.
        case headers
        /// Waiting for a body of this many bytes.
        case body(Int)
        /// Dropping this many more bytes of a rejected message.
        case skipping(Int)
        /// Looking for the next `Content-Length:` after a header section without a usable length.
        case resynchronizing
    }

    let maxMessageBytes: Int
    private var state = State.headers
    /// Bytes after `buffer.start` already searched for a line end.
    private var scanned = 0
    /// The header section read so far.
    private var headerBytes = 0
    private var sawHeaderLine = false
    private var contentLength: Int?
    private var headerError: String?

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    mutating func consume(_ buffer: inout ReadBuffer, delegate: MessageReaderDelegate) {
        // Each state returns once it needs more input; a body of 0 bytes needs none.
        while true {
            switch state {
            case .headers:
                if !sawHeaderLine, let length = Self.scanPlainHeader(buffer.unconsumed) {
                    // The header every client writes, whole in the buffer: no line-by-line parse.
                    buffer.start += length.headerBytes
                    scanned = 0
                    if length.body > maxMessageBytes {
                        reject(MessageReader.oversized(maxMessageBytes), delegate)
                        state = .skipping(length.body)
                    } else {
                        state = .body(length.body)
                    }
                    continue
                }
                guard readHeaderLine(&buffer, delegate: delegate) else { return buffer.rewindIfEmpty() }
            case .body(let length):
                guard buffer.count >= length else { return }
                delegate.messageReader(didRead: UnsafeRawBufferPointer(rebasing: buffer.unconsumed[..<length]))
                buffer.start += length
                state = .headers
            case .skipping(let remaining):
                let dropped = min(remaining, buffer.count)
                buffer.start += dropped
                state = remaining == dropped ? .headers : .skipping(remaining - dropped)
                guard remaining == dropped else { return buffer.rewindIfEmpty() }
            case .resynchronizing:
                guard resynchronize(&buffer) else { return buffer.rewindIfEmpty() }
            }
        }
    }

    mutating func endOfInput(_ buffer: inout ReadBuffer, delegate: MessageReaderDelegate) {
        switch state {
        case .headers where sawHeaderLine || buffer.unconsumed.contains(where: { !Self.isWhitespace($0) }):
            delegate.messageReader(didReject: "end of input inside the headers of a message")
        case .body(let length):
            delegate.messageReader(didReject: "end of input after \(buffer.count) of the \(length) bytes of a message")
        default:
            break
        }
        buffer.discardAll()
    }

    /// Consumes one complete header line; `false` when the buffer holds no complete line yet.
    private mutating func readHeaderLine(_ buffer: inout ReadBuffer, delegate: MessageReaderDelegate) -> Bool {
        let bytes = buffer.unconsumed
        guard let newline = memchr(bytes.baseAddress! + scanned, 0x0A, bytes.count - scanned) else {
            scanned = bytes.count
            if headerBytes + bytes.count > Self.maxHeaderBytes {
                reject("bad header: the header section exceeds \(Self.maxHeaderBytes) bytes", delegate)
                buffer.discardAll()
                state = .resynchronizing
            }
            return false
        }
        let lineLength = UnsafeRawPointer(newline) - bytes.baseAddress!
        let hasCR = lineLength > 0 && bytes[lineLength - 1] == 0x0D
        let line = UnsafeRawBufferPointer(rebasing: bytes[..<(hasCR ? lineLength - 1 : lineLength)])
        buffer.start += lineLength + 1
        scanned = 0
        headerBytes += lineLength + 1
        if line.isEmpty {
            if sawHeaderLine { endHeaders(delegate) }
        } else {
            sawHeaderLine = true
            read(header: line)
            if headerBytes > Self.maxHeaderBytes {
                reject("bad header: the header section exceeds \(Self.maxHeaderBytes) bytes", delegate)
                state = .resynchronizing
            }
        }
        return true
    }

    /// One `Name: value` line.
    private mutating func read(header line: UnsafeRawBufferPointer) {
        // The common line, `Content-Length: N`, is recognized first, without a scan for the colon.
        let nameLength = Self.contentLengthName.utf8CodeUnitCount
        var colon = nameLength
        if !(line.count > nameLength && line[nameLength] == UInt8(ascii: ":")
            && Self.isContentLength(UnsafeRawBufferPointer(rebasing: line[..<nameLength])))
        {
            guard let found = line.firstIndex(of: UInt8(ascii: ":")), found > 0, line[..<found].allSatisfy(Self.isTokenByte) else {
                headerError = headerError ?? "bad header: '\(Self.printable(line))' is not 'Name: value'"
                return
            }
            guard Self.isContentLength(UnsafeRawBufferPointer(rebasing: line[..<found])) else { return }  // Content-Type and the rest: ignored
            colon = found
        }
        var start = colon + 1
        var end = line.count
        while start < end, Self.isWhitespace(line[start]) { start += 1 }
        while end > start, Self.isWhitespace(line[end - 1]) { end -= 1 }
        var length = 0
        for index in start..<end {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else {
                headerError = headerError ?? "bad header: Content-Length '\(Self.printable(line[start..<end]))' is not a number"
                return
            }
            // Twelve digits already exceed any cap; saturate instead of overflowing.
            length = length > 999_999_999_999 ? length : length * 10 + Int(digit)
        }
        guard end > start else {
            headerError = headerError ?? "bad header: Content-Length '' is not a number"
            return
        }
        if let earlier = contentLength, earlier != length {
            headerError = headerError ?? "bad header: two different Content-Length values"
        }
        contentLength = length
    }

    private static let contentLengthName: StaticString = "content-length"
    private static let plainHeaderPrefix: StaticString = "Content-Length: "

    /// The body length and header size when `bytes` start with exactly
    /// `Content-Length: <1-12 digits>\r\n\r\n`; `nil` for anything else (the general path).
    @inline(__always)
    private static func scanPlainHeader(_ bytes: UnsafeRawBufferPointer) -> (body: Int, headerBytes: Int)? {
        let prefixCount = plainHeaderPrefix.utf8CodeUnitCount
        guard bytes.count >= prefixCount + 5, let start = bytes.baseAddress, start.starts(with: plainHeaderPrefix) else {
            return nil
        }
        let base = start.assumingMemoryBound(to: UInt8.self)
        let end = min(bytes.count, prefixCount + 12)
        var offset = prefixCount
        var length = 0
        while offset < end {
            let digit = base[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            length = length * 10 + Int(digit)
            offset += 1
        }
        // `\r\n\r\n`, read as one 32-bit word.
        guard offset > prefixCount, bytes.count - offset >= 4,
              UInt32(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) == 0x0A0D_0A0D
        else { return nil }
        return (length, offset + 4)
    }

    /// `name` is `Content-Length` in any letter case.
    private static func isContentLength(_ name: UnsafeRawBufferPointer) -> Bool {
        guard name.count == contentLengthName.utf8CodeUnitCount else { return false }
        for index in 0..<name.count {
            let byte = name[index]
            let lowered = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            guard lowered == contentLengthName.utf8Start[index] else { return false }
        }
        return true
    }

    /// The empty line after the headers: the body follows (or is skipped).
    private mutating func endHeaders(_ delegate: MessageReaderDelegate) {
        let length = contentLength
        if let error = headerError {
            reject(error, delegate)
            state = length.map { .skipping($0) } ?? .resynchronizing
        } else if let length {
            if length > maxMessageBytes {
                reject(MessageReader.oversized(maxMessageBytes), delegate)
                state = .skipping(length)
            } else {
                resetHeaders()
                state = .body(length)
            }
        } else {
            reject("bad header: no Content-Length", delegate)
            state = .resynchronizing
        }
    }

    private mutating func reject(_ reason: String, _ delegate: MessageReaderDelegate) {
        delegate.messageReader(didReject: reason)
        resetHeaders()
    }

    private mutating func resetHeaders() {
        headerBytes = 0
        sawHeaderLine = false
        contentLength = nil
        headerError = nil
        scanned = 0
    }

    private static let marker = Array("content-length:".utf8)

    /// Drops bytes up to the next `Content-Length:` (any letter case); `false` when none is in
    /// the buffer yet (a tail that may be the start of one is kept).
    private mutating func resynchronize(_ buffer: inout ReadBuffer) -> Bool {
        let bytes = buffer.unconsumed
        let lowered = bytes.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
        var offset = 0
        while offset < lowered.count {
            let candidate = lowered[offset...].prefix(Self.marker.count)
            if candidate.elementsEqual(Self.marker.prefix(candidate.count)) {
                buffer.start += offset
                guard candidate.count == Self.marker.count else { return false }
                state = .headers
                return true
            }
            offset += 1
        }
        buffer.discardAll()
        return false
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

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// At most 40 bytes of header text for an error message.
    private static func printable(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.prefix(40).map { $0 < 0x20 || $0 > 0x7E ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}

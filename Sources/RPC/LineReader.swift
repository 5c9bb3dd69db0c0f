#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the framing layer hands upwards.
protocol LineReaderDelegate: AnyObject {
    /// One complete line without its `\n` and one trailing `\r`; never blank. The buffer is only
    /// valid during the call.
    func lineReader(didRead line: UnsafeRawBufferPointer)
    /// A line grew past the size cap; its bytes are being discarded up to the next `\n`.
    func lineReader(didRejectLineLongerThan limit: Int)
    /// All complete lines of the latest chunk were handed over; the reader is about to read again.
    func lineReaderDidFinishChunk()
    /// `true` to stop reading before the next chunk (e.g. after `exit`).
    var lineReaderShouldStop: Bool { get }
}

/// Splits a byte stream into lines on 0x0A only, reading large chunks into one reusable buffer.
///
/// A line is handed over in place (no copy). A line longer than `maxLineBytes` is reported once
/// and then skipped chunk by chunk, so at most `maxLineBytes` plus one chunk is ever buffered.
struct LineReader {
    private let fileDescriptor: Int32
    private let maxLineBytes: Int
    private let chunkSize: Int

    init(fileDescriptor: Int32, maxLineBytes: Int, chunkSize: Int = 1 << 18) {
        self.fileDescriptor = fileDescriptor
        self.maxLineBytes = maxLineBytes
        self.chunkSize = chunkSize
    }

    /// Reads until end of input (or a read error, or the delegate asks to stop).
    func run(delegate: LineReaderDelegate) {
        var capacity = chunkSize * 2
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var start = 0  // first byte of the current (partial) line
        var end = 0  // end of the bytes read so far
        var scanned = 0  // bytes before this offset hold no newline of the current line
        var isDiscarding = false

        while !delegate.lineReaderShouldStop {
            if capacity - end < chunkSize / 2 {
                if start > 0 {
                    buffer.copyMemory(from: buffer + start, byteCount: end - start)
                    end -= start
                    scanned -= start
                    start = 0
                }
                if capacity - end < chunkSize / 2 {
                    let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                    grown.copyMemory(from: buffer, byteCount: end)
                    buffer.deallocate()
                    buffer = grown
                    capacity *= 2
                }
            }
            let count = read(fileDescriptor, buffer + end, capacity - end)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                // End of input: a last line without a newline still counts.
                if !isDiscarding && end > start {
                    deliver(UnsafeRawBufferPointer(start: buffer + start, count: end - start), to: delegate)
                    delegate.lineReaderDidFinishChunk()
                }
                return
            }
            end += count
            while let newline = memchr(buffer + scanned, 0x0A, end - scanned) {
                let lineEnd = newline - UnsafeMutableRawPointer(buffer)
                if isDiscarding {
                    isDiscarding = false
                } else {
                    deliver(UnsafeRawBufferPointer(start: buffer + start, count: lineEnd - start), to: delegate)
                }
                start = lineEnd + 1
                scanned = start
            }
            scanned = end
            if isDiscarding {
                start = end
                scanned = end
            } else if end - start > maxLineBytes {
                delegate.lineReader(didRejectLineLongerThan: maxLineBytes)
                isDiscarding = true
                start = end
                scanned = end
            }
            if start == end {
                start = 0
                end = 0
                scanned = 0
                if capacity > chunkSize * 8 {
                    // Shrink after a large message so an idle server does not hold on to it.
                    buffer.deallocate()
                    capacity = chunkSize * 2
                    buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
                }
            }
            delegate.lineReaderDidFinishChunk()
        }
    }

    private func deliver(_ rawLine: UnsafeRawBufferPointer, to delegate: LineReaderDelegate) {
        var line = rawLine
        if let last = line.last, last == 0x0D {
            line = UnsafeRawBufferPointer(rebasing: line.dropLast())
        }
        if line.count > maxLineBytes {
            delegate.lineReader(didRejectLineLongerThan: maxLineBytes)
            return
        }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }  // blank
        delegate.lineReader(didRead: line)
    }
}

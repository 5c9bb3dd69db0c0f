#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader thread's one input buffer: bytes `start..<end` are read and not yet consumed.
///
/// Shared by both framings. Reads go into the free space after `end`; consumed bytes are
/// reclaimed by moving the unconsumed rest to the front, and the buffer doubles only when one
/// message needs more room than it has.
struct ReadBuffer {
    /// What one `fill` did.
    enum Fill: Equatable {
        /// This many bytes were read.
        case read(Int)
        /// The input ended.
        case endOfInput
        /// Reading failed with this `errno` (not `EINTR` or `EAGAIN`, which are waited out).
        case failed(Int32)
    }

    private var storage: [UInt8]
    /// First unconsumed byte.
    var start = 0
    /// End of the bytes read so far.
    private(set) var end = 0
    /// How many bytes one `read(2)` asks for.
    let chunkSize: Int

    init(chunkSize: Int) {
        self.chunkSize = chunkSize
        storage = [UInt8](repeating: 0, count: chunkSize * 2)
    }

    /// The unconsumed bytes (indices are positions in the buffer); valid until the next `fill`.
    var unconsumed: ArraySlice<UInt8> { storage[start..<end] }

    /// How many bytes are read and not yet consumed.
    var count: Int { end - start }

    /// The byte at buffer position `index` (`start <= index < end`).
    subscript(index: Int) -> UInt8 { storage[index] }

    /// The position of the first `byte` in `from..<end`, found with `memchr`.
    func firstIndex(of byte: UInt8, from: Int) -> Int? {
        guard from < end else { return nil }
        return storage.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + from, Int32(byte), end - from).map { UnsafeRawPointer($0) - bytes.baseAddress! }
        }
    }

    /// Reads the next chunk after `end`, moving or growing the buffer first when less than half
    /// a chunk is free (so keep positions relative to `start`). A descriptor in non-blocking
    /// mode is waited on with `poll`, so `EAGAIN` never reads as the end of input.
    mutating func fill(from fileDescriptor: Int32) -> Fill {
        if storage.count - end < chunkSize / 2 {
            if start > 0 {
                let (from, count) = (start, end - start)
                storage.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + from, count) }
                end -= start
                start = 0
            }
            if storage.count - end < chunkSize / 2 {
                storage.append(contentsOf: repeatElement(0, count: storage.count))
            }
        }
        while true {
            let offset = end
            let count = storage.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 {
                end += count
                return .read(count)
            }
            if count == 0 { return .endOfInput }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: Self.waitUntilReadable(fileDescriptor)
            case let failure: return .failed(failure)
            }
        }
    }

    /// Blocks until `fileDescriptor` has input, or its writer is gone.
    static func waitUntilReadable(_ fileDescriptor: Int32) {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
    }

    /// Drops every unconsumed byte.
    mutating func discardAll() {
        start = end
    }

    /// Once everything is consumed: rewinds to the front, and gives back a buffer that grew for
    /// a large message so an idle server does not hold on to it.
    mutating func rewindIfEmpty() {
        guard start == end else { return }
        start = 0
        end = 0
        if storage.count > chunkSize * 8 {
            storage = [UInt8](repeating: 0, count: chunkSize * 2)
        }
    }
}

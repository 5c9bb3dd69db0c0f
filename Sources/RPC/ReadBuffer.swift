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
struct ReadBuffer: ~Copyable {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// First unconsumed byte.
    var start = 0
    /// End of the bytes read so far.
    private(set) var end = 0
    /// How many bytes one `read(2)` asks for.
    let chunkSize: Int

    init(chunkSize: Int) {
        self.chunkSize = chunkSize
        capacity = chunkSize * 2
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// The unconsumed bytes; valid until the next `fill`.
    var unconsumed: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base + start, count: end - start) }

    /// How many bytes are read and not yet consumed.
    var count: Int { end - start }

    /// Reads the next chunk after `end`, moving or growing the buffer first when less than half
    /// a chunk is free (so keep offsets relative to `start`). Returns the byte count, or 0 at
    /// the end of input or on a read error.
    mutating func fill(from fileDescriptor: Int32) -> Int {
        if capacity - end < chunkSize / 2 {
            if start > 0 {
                base.copyMemory(from: base + start, byteCount: end - start)
                end -= start
                start = 0
            }
            if capacity - end < chunkSize / 2 {
                let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                grown.copyMemory(from: base, byteCount: end)
                base.deallocate()
                base = grown
                capacity *= 2
            }
        }
        while true {
            let count = read(fileDescriptor, base + end, capacity - end)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return 0 }
            end += count
            return count
        }
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
        if capacity > chunkSize * 8 {
            base.deallocate()
            capacity = chunkSize * 2
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
    }
}

/// The answers produced on the reader thread, queued until they are handed to the writer in one
/// piece (once per input chunk, or before an asynchronous handler runs).
///
/// Messages are framed as they are queued (a `\n` after a line, a `Content-Length` header
/// before a body: the body's length is known by then) into one buffer the reader owns, so
/// queuing a constant answer is two copies and a few stores: no `Array` append, whose checks
/// cost more than a ping's own work. The buffer goes to the writer as it is (`ReaderChunk`)
/// and comes back through the chunk pool once written.
struct ReaderOutput: ~Copyable {
    /// How the queued messages are framed.
    var framing: Framing
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// Where written chunks come back from.
    private let pool = ReaderChunk.Pool()
    /// Bytes queued so far, framing included.
    private(set) var count = 0
    /// Where `append(_:)` lets an encoder write a body before it is queued.
    private var scratch: [UInt8] = []
    /// The `Content-Length` header of the last body length queued, padded to `headerRoom`
    /// bytes: answers of one method tend to have the same length, so the header is a copy.
    private let header: UnsafeMutableRawPointer
    private var headerBodyLength = -1
    private var headerCount = 0

    /// What the buffer starts with and shrinks back to after a burst.
    private static let initialCapacity = 1 << 16
    /// Room for the longest `Content-Length` header (39 bytes), as five 8-byte words.
    private static let headerRoom = 40
    /// Room for the framing of one message.
    private static let framingRoom = headerRoom + 8

    init(framing: Framing) {
        self.framing = framing
        capacity = Self.initialCapacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        header = UnsafeMutableRawPointer.allocate(byteCount: Self.headerRoom, alignment: 8)
        header.initializeMemory(as: UInt8.self, repeating: 0, count: Self.headerRoom)
    }

    deinit {
        base.deallocate()
        header.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Queues one message whose JSON text `encodeBody` appends.
    mutating func append(_ encodeBody: (inout [UInt8]) -> Void) {
        encodeBody(&scratch)
        scratch.withUnsafeBytes { append(head: $0, tail: UnsafeRawBufferPointer(start: nil, count: 0)) }
        scratch.removeAll(keepingCapacity: scratch.capacity <= 1 << 20)
    }

    /// Queues one message, `body` being its JSON text.
    mutating func append(body: [UInt8]) {
        body.withUnsafeBytes { append(head: $0, tail: UnsafeRawBufferPointer(start: nil, count: 0)) }
    }

    /// Queues one message whose JSON text is `head` followed by `tail`.
    @inline(__always)
    mutating func append(head: UnsafeRawBufferPointer, tail: UnsafeRawBufferPointer) {
        let bodyLength = head.count + tail.count
        if capacity - count < bodyLength + Self.framingRoom { grow(toFit: bodyLength + Self.framingRoom) }
        var end = base + count
        if framing == .contentLength {
            if bodyLength != headerBodyLength {
                headerCount = Framing.writeHeader(bodyLength: bodyLength, to: header.assumingMemoryBound(to: UInt8.self))
                headerBodyLength = bodyLength
            }
            // All of `headerRoom` is copied (the body then overwrites what follows the header):
            // five word stores, no `memcpy` call.
            for offset in stride(from: 0, to: Self.headerRoom, by: 8) {
                end.storeBytes(of: header.load(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            }
            end += headerCount
        }
        if let start = head.baseAddress { end.copyMemory(from: start, byteCount: head.count) }
        end += head.count
        if let start = tail.baseAddress { end.copyMemory(from: start, byteCount: tail.count) }
        end += tail.count
        if framing == .newline {
            end.storeBytes(of: 0x0A, as: UInt8.self)
            end += 1
        }
        count = end - base
    }

    /// Every queued message, framed, in the buffer they were written to; the queue starts
    /// again in a buffer the writer gave back, or a new one.
    mutating func take() -> ReaderChunk {
        let chunk = ReaderChunk(storage: base, capacity: capacity, count: count, pool: pool)
        (base, capacity) = pool.take(minimumCapacity: Self.initialCapacity)
            ?? (UnsafeMutableRawPointer.allocate(byteCount: Self.initialCapacity, alignment: 16), Self.initialCapacity)
        count = 0
        return chunk
    }

    private mutating func grow(toFit extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < extra { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}

/// The answers produced on the reader thread, queued until they are handed to the writer in one
/// piece (once per input chunk, or before an asynchronous handler runs).
///
/// Bodies are appended back to back and framed only when taken: for lines a `\n` goes after
/// each at once; for `Content-Length` framing each body's end is noted, and `take()` writes the
/// headers and bodies into one exactly sized array, so a framed answer costs a few stores and
/// a `memcpy` more than a line rather than an array insert.
struct ReaderOutput {
    /// How the queued messages are framed when taken.
    var framing: Framing
    private var bodies: [UInt8] = []
    /// Where each body ends in `bodies` (`.contentLength` only).
    private var ends: [Int] = []

    init(framing: Framing) {
        self.framing = framing
        bodies.reserveCapacity(1 << 16)
    }

    /// Bytes queued so far (without the headers still to come).
    var count: Int { bodies.count }

    var isEmpty: Bool { bodies.isEmpty }

    /// Queues one message whose JSON text `encodeBody` appends.
    @inline(__always)
    mutating func append(_ encodeBody: (inout [UInt8]) -> Void) {
        encodeBody(&bodies)
        endMessage()
    }

    /// Queues one message, `body` being its JSON text.
    mutating func append(body: [UInt8]) {
        bodies.append(contentsOf: body)
        endMessage()
    }

    @inline(__always)
    private mutating func endMessage() {
        switch framing {
        case .newline: bodies.append(0x0A)
        case .contentLength: ends.append(bodies.count)
        }
    }

    /// Every queued message, framed; the queue is empty afterwards.
    mutating func take() -> [UInt8] {
        defer {
            bodies.removeAll(keepingCapacity: bodies.capacity <= 1 << 20)
            ends.removeAll(keepingCapacity: true)
        }
        guard framing == .contentLength else { return bodies }
        var total = bodies.count
        var start = 0
        for end in ends {
            total += Framing.headerLength(bodyLength: end - start)
            start = end
        }
        return [UInt8](unsafeUninitializedCapacity: total) { framed, initialized in
            bodies.withUnsafeBufferPointer { source in
                var offset = 0
                var start = 0
                for end in ends {
                    offset += Framing.writeHeader(bodyLength: end - start, to: framed.baseAddress! + offset)
                    (framed.baseAddress! + offset).initialize(from: source.baseAddress! + start, count: end - start)
                    offset += end - start
                    start = end
                }
                initialized = offset
            }
        }
    }
}

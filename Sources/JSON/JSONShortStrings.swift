/// The strings of at most 15 ASCII bytes a workspace's parses made, by their bytes: member
/// names and short values repeat from message to message (`"jsonrpc"`, `"2.0"`, a method's
/// name), and handing out the string made before costs a few compares instead of building and
/// checking a new one.
///
/// Such strings are stored inline (no heap memory), so the table holds no memory of its own
/// beyond its fixed slots, which are freed with the last table that holds them. An empty
/// table (`init()`) has no slots: `isEmpty`, and its owner makes strings without it.
struct JSONShortStrings {
    /// A string's bytes as two words, its length in the top byte (never 0xFF).
    private struct Entry {
        var low: UInt64
        var high: UInt64
        var string: String
    }

    /// Owns the slots `entries` points to.
    private final class Slots {
        let entries: UnsafeMutablePointer<Entry>

        init() {
            entries = .allocate(capacity: JSONShortStrings.slotCount)
            entries.initialize(repeating: Entry(low: 0, high: ~0, string: ""), count: JSONShortStrings.slotCount)
        }

        deinit {
            entries.deinitialize(count: JSONShortStrings.slotCount)
            entries.deallocate()
        }
    }

    private static let slotCount = 64
    private var slots: Slots?
    /// `slots`' memory, read without going through the object.
    private var entries: UnsafeMutablePointer<Entry>?

    /// A table without slots.
    init() {}

    /// A table with slots, when `hasSlots`.
    init(hasSlots: Bool) {
        guard hasSlots else { return }
        let slots = Slots()
        (self.slots, entries) = (slots, slots.entries)
    }

    /// Whether the table has no slots.
    var isEmpty: Bool { entries == nil }

    /// The string of the `length` (at most 15) ASCII bytes at `start`, of which `readable` bytes
    /// may be read; the table must have slots.
    @inline(__always)
    func string(_ start: UnsafePointer<UInt8>, length: Int, readable: Int) -> String {
        var low: UInt64 = 0
        var high = UInt64(length) << 56
        if readable >= 16 {
            let raw = UnsafeRawPointer(start)
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            if length > 8 {
                low = first
                high |= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.mask(length - 8)
            } else {
                low = first & Self.mask(length)
            }
        } else if length > 8 {
            low = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            high |= Self.word(start + 8, count: length - 8)
        } else {
            low = Self.word(start, count: length)
        }
        let entries = self.entries.unsafelyUnwrapped
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        let slot = entries + Int(truncatingIfNeeded: mixed >> 58)
        if slot.pointee.low == low && slot.pointee.high == high { return slot.pointee.string }
        return Self.make(start, length: length, into: slot, low: low, high: high)
    }

    /// A string not in the table, put into `slot`.
    @inline(never)
    private static func make(_ start: UnsafePointer<UInt8>, length: Int, into slot: UnsafeMutablePointer<Entry>, low: UInt64, high: UInt64) -> String {
        let string = String(unsafeUninitializedCapacity: length) { buffer in
            buffer.baseAddress!.initialize(from: start, count: length)
            return length
        }
        slot.pointee = Entry(low: low, high: high, string: string)
        return string
    }

    /// The low `count` bytes of a word.
    /// The `count` (0...8) bytes at `start` as a little-endian word, read without touching a
    /// byte past them: two overlapping loads put each byte at its own place in both.
    @inline(__always) private static func word(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(start)
        if count >= 4 {
            let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return first | last &<< (8 &* UInt64(count &- 4))
        }
        guard count > 0 else { return 0 }
        let middle = count &>> 1
        return UInt64(start[0]) | UInt64(start[middle]) &<< (8 &* UInt64(middle)) | UInt64(start[count &- 1]) &<< (8 &* UInt64(count &- 1))
    }

    @inline(__always) private static func mask(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
    }
}

/// Values looked up by method name on the reader thread, where every message needs one.
///
/// An open-addressing table over a copy of the entries, hashed with FNV-1a over the name's
/// UTF-8 (a method name is a few bytes: cheaper than `Hasher`'s SipHash) and probed linearly;
/// it is built once per change of the entries and only read afterwards.
struct MethodTable<Value> {
    private struct Slot {
        let name: String
        /// `name`'s hash, compared before the name so that a slot probed on the way costs no
        /// string comparison.
        let hash: Int
        let value: Value
    }

    private var slots: [Slot?]
    private let mask: Int

    /// A table of `entries`, at most half full.
    init(_ entries: [String: Value]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = Array(repeating: nil, count: capacity)
        for (name, value) in entries {
            let hash = Self.hash(name)
            var position = hash & mask
            while slots[position] != nil { position = (position + 1) & mask }
            slots[position] = Slot(name: name, hash: hash, value: value)
        }
    }

    /// The value of `name`, if it has one.
    subscript(name: String) -> Value? {
        let mask = self.mask
        let hash = Self.hash(name)
        var position = hash & mask
        return slots.withUnsafeBufferPointer { slots in
            while slots[position] != nil {
                let slot = slots[position].unsafelyUnwrapped
                if slot.hash == hash && slot.name == name { return slot.value }
                position = (position + 1) & mask
            }
            return nil
        }
    }

    private static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}

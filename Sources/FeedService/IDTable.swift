/// Values by a short string id (a session's `s12`), in an open-addressing table hashed with
/// FNV-1a over the id's UTF-8 and probed linearly: every session request looks its session up,
/// and for ids of a few bytes `Hasher`'s SipHash costs more than the rest of the look-up.
///
/// Kept at most half full; a removal shifts the entries after it back, so no tombstones pile up.
struct IDTable<Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        let id: String
        let value: Value
    }

    private var slots: [Slot?] = Array(repeating: nil, count: 8)
    /// How many ids have a value.
    private(set) var count = 0

    /// The value of `id`, if it has one.
    subscript(id: String) -> Value? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var position = Self.hash(id) & mask
            while slots[position] != nil {
                if slots[position].unsafelyUnwrapped.id == id { return slots[position].unsafelyUnwrapped.value }
                position = (position + 1) & mask
            }
            return nil
        }
    }

    /// Gives `id` the value `value`, replacing its earlier one.
    mutating func set(_ value: Value, for id: String) {
        if (count + 1) * 2 > slots.count { grow() }
        var position = Self.hash(id) & (slots.count - 1)
        while let slot = slots[position] {
            if slot.id == id {
                slots[position] = Slot(id: id, value: value)
                return
            }
            position = (position + 1) & (slots.count - 1)
        }
        slots[position] = Slot(id: id, value: value)
        count += 1
    }

    /// Takes `id`'s value out, if it has one.
    mutating func removeValue(for id: String) -> Value? {
        let mask = slots.count - 1
        var hole = Self.hash(id) & mask
        while let slot = slots[hole], slot.id != id { hole = (hole + 1) & mask }
        guard let removed = slots[hole] else { return nil }
        slots[hole] = nil
        count -= 1
        // Entries after the hole that would not be found past it move into it.
        var next = (hole + 1) & mask
        while let slot = slots[next] {
            let home = Self.hash(slot.id) & mask
            if (next &- home) & mask >= (next &- hole) & mask {
                slots[hole] = slot
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed.value
    }

    private mutating func grow() {
        let entries = slots.compactMap { $0 }
        slots = Array(repeating: nil, count: slots.count * 2)
        count = 0
        for entry in entries { set(entry.value, for: entry.id) }
    }

    private static func hash(_ id: String) -> Int {
        var id = id
        return id.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}

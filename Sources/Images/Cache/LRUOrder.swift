/// Keys in the order of their last use, oldest first: using, adding, removing a key and
/// finding the oldest each cost O(1), whatever the count (a doubly linked list threaded through
/// arrays, indexed by a dictionary), so evicting from a cache of 100,000 entries costs what it
/// costs from one of 10.
struct LRUOrder<Key: Hashable & Sendable>: Sendable {
    private static var none: Int { -1 }

    private var slotOfKey: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var older: [Int] = []
    private var newer: [Int] = []
    private var freeSlots: [Int] = []
    private var oldestSlot = LRUOrder.none
    private var newestSlot = LRUOrder.none

    /// An empty order.
    init() {}

    /// How many keys are ordered.
    var count: Int { slotOfKey.count }

    /// Whether `key` is ordered.
    func contains(_ key: Key) -> Bool { slotOfKey[key] != nil }

    /// The least recently used key.
    var oldest: Key? { oldestSlot == Self.none ? nil : keys[oldestSlot] }

    /// The keys from the least to the most recently used (O(n); for tests and listings).
    var keysFromOldest: [Key] {
        var result: [Key] = []
        var slot = oldestSlot
        while slot != Self.none {
            result.append(keys[slot]!)
            slot = newer[slot]
        }
        return result
    }

    /// Makes `key` the most recently used, adding it if it is new.
    mutating func use(_ key: Key) {
        if let slot = slotOfKey[key] {
            guard slot != newestSlot else { return }
            unlink(slot)
            linkAsNewest(slot)
            return
        }
        let slot = allocate(key)
        linkAsNewest(slot)
    }

    /// Adds `key` as the least recently used (a key found in a listing, older than every key
    /// used since); a key already ordered keeps its place.
    mutating func addAsOldest(_ key: Key) {
        guard slotOfKey[key] == nil else { return }
        let slot = allocate(key)
        older[slot] = Self.none
        newer[slot] = oldestSlot
        if oldestSlot != Self.none { older[oldestSlot] = slot } else { newestSlot = slot }
        oldestSlot = slot
    }

    /// Removes `key`; returns whether it was ordered.
    @discardableResult
    mutating func remove(_ key: Key) -> Bool {
        guard let slot = slotOfKey.removeValue(forKey: key) else { return false }
        unlink(slot)
        keys[slot] = nil
        freeSlots.append(slot)
        return true
    }

    /// Forgets every key.
    mutating func removeAll() { self = LRUOrder() }

    private mutating func allocate(_ key: Key) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            keys[slot] = key
        } else {
            slot = keys.count
            keys.append(key)
            older.append(Self.none)
            newer.append(Self.none)
        }
        slotOfKey[key] = slot
        return slot
    }

    private mutating func unlink(_ slot: Int) {
        let before = older[slot], after = newer[slot]
        if before != Self.none { newer[before] = after } else { oldestSlot = after }
        if after != Self.none { older[after] = before } else { newestSlot = before }
        older[slot] = Self.none
        newer[slot] = Self.none
    }

    private mutating func linkAsNewest(_ slot: Int) {
        older[slot] = newestSlot
        newer[slot] = Self.none
        if newestSlot != Self.none { newer[newestSlot] = slot } else { oldestSlot = slot }
        newestSlot = slot
    }
}

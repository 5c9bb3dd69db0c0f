/// The members of a JSON object, in the order they were written.
///
/// Order is kept so that what we serialize reads like what we were given; lookups are linear,
/// which beats hashing for the small objects of RPC envelopes and API items, and switch to an
/// index once an object grows large.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One member: its key and value.
    public typealias Element = (key: String, value: JSON)

    private var keys: [String]
    private var values: [JSON]
    private var index: [String: Int]?

    private static let indexThreshold = 16

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// An object with `members` in order; a repeated key keeps its last value (RFC 8259 leaves
    /// this open; last-wins is what JavaScript does).
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSON) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// Position of the first member: 0.
    public var startIndex: Int { 0 }
    /// One past the last member's position: the member count.
    public var endIndex: Int { keys.count }
    /// The member at `position`, in order.
    public subscript(position: Int) -> Element { (keys[position], values[position]) }

    /// The member keys, in order.
    public var orderedKeys: [String] { keys }

    /// The member values, in the order of `orderedKeys`.
    public var orderedValues: [JSON] { values }

    /// An object from parallel key and value arrays, as the parser collects them; when a key
    /// repeats, the last value wins at the first position, as with the subscript.
    init(keys: [String], values: [JSON]) {
        if keys.count <= Self.indexThreshold {
            if !Self.hasDuplicates(keys) {
                self.init(uniqueKeys: keys, values: values, index: nil)
                return
            }
        } else {
            var fresh = [String: Int](minimumCapacity: keys.count)
            for (position, key) in keys.enumerated() { fresh[key] = position }
            if fresh.count == keys.count {
                self.init(uniqueKeys: keys, values: values, index: fresh)
                return
            }
        }
        self.init(zip(keys, values))
    }

    private init(uniqueKeys: [String], values: [JSON], index: [String: Int]?) {
        keys = uniqueKeys
        self.values = values
        self.index = index
    }

    /// Pairwise, which beats hashing for a handful of keys; lengths are compared first because
    /// that is O(1) for native strings and rules out most pairs.
    private static func hasDuplicates(_ keys: [String]) -> Bool {
        guard keys.count > 1 else { return false }
        for later in 1..<keys.count {
            let key = keys[later]
            let length = key.utf8.count
            for earlier in 0..<later where keys[earlier].utf8.count == length && keys[earlier] == key { return true }
        }
        return false
    }

    /// The value of `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSON? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Makes room for `count` members, so that appending them allocates once (an encoder that
    /// knows its member count: growing from empty reallocates both arrays at 1, 2, 4 and 8).
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// Appends a member without checking for a duplicate key; for builders that know the key is new.
    public mutating func appendUnchecked(key: String, value: JSON) {
        keys.append(key)
        values.append(value)
        if index != nil { index![key] = keys.count - 1 } else if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else {
            index = nil
            return
        }
        var fresh = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { fresh[key] = position }
        index = fresh
    }

    /// Objects are equal when they have the same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.keys.count == rhs.keys.count else { return false }
        for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
        return true
    }

    /// Hashes the members independently of their order, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in zip(keys, values) {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(keys.count)
        hasher.combine(combined)
    }
}

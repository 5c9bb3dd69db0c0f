/// The members of a JSON object, in the order they were written.
///
/// Order is kept so that what we serialize reads like what we were given; lookups are linear,
/// which beats hashing for the small objects of RPC envelopes and API items, and switch to an
/// index once an object grows large.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One member: its key and value.
    public typealias Element = (key: String, value: JSON)

    private var members: [Element]
    private var index: [String: Int]?

    private static let indexThreshold = 16

    /// An empty object.
    public init() {
        members = []
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
    public var endIndex: Int { members.count }
    /// The member at `position`, in order.
    public subscript(position: Int) -> Element { members[position] }

    /// The member keys, in order.
    public var orderedKeys: [String] { members.map(\.key) }

    /// The member values, in the order of `orderedKeys`.
    public var orderedValues: [JSON] { members.map(\.value) }

    /// An object of `members` in order, as the parser collects them; when a key repeats, the
    /// last value wins at the first position, as with the subscript.
    init(members: [Element]) {
        if members.count <= Self.indexThreshold {
            if !Self.hasDuplicates(members) {
                self.init(uniqueMembers: members, index: nil)
                return
            }
        } else {
            var fresh = [String: Int](minimumCapacity: members.count)
            for (position, member) in members.enumerated() { fresh[member.key] = position }
            if fresh.count == members.count {
                self.init(uniqueMembers: members, index: fresh)
                return
            }
        }
        self.init(members.lazy.map { ($0.key, $0.value) })
    }

    private init(uniqueMembers: [Element], index: [String: Int]?) {
        members = uniqueMembers
        self.index = index
    }

    /// Pairwise, which beats hashing for a handful of keys; lengths are compared first because
    /// that is O(1) for native strings and rules out most pairs.
    private static func hasDuplicates(_ members: [Element]) -> Bool {
        guard members.count > 1 else { return false }
        for later in 1..<members.count {
            let key = members[later].key
            let length = key.utf8.count
            for earlier in 0..<later where members[earlier].key.utf8.count == length && members[earlier].key == key { return true }
        }
        return false
    }

    /// The value of `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSON? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                members.append((key, newValue))
                if index != nil {
                    index![key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Makes room for `count` members, so that appending them allocates once (an encoder that
    /// knows its member count: growing from empty reallocates at 1, 2, 4 and 8).
    public mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// Appends a member without checking for a duplicate key; for builders that know the key is new.
    public mutating func appendUnchecked(key: String, value: JSON) {
        members.append((key, value))
        if index != nil { index![key] = members.count - 1 } else if members.count > Self.indexThreshold { rebuildIndex() }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else {
            index = nil
            return
        }
        var fresh = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { fresh[member.key] = position }
        index = fresh
    }

    /// Objects are equal when they have the same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for (key, value) in lhs.members where rhs[key] != value { return false }
        return true
    }

    /// Hashes the members independently of their order, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

/// The members of a JSON object, in the order they were written.
///
/// Order is kept so that what we serialize reads like what we were given; lookups are linear,
/// which beats hashing for the small objects of RPC envelopes and API items, and switch to an
/// index once an object grows large.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One member: its key and value.
    public typealias Element = (key: String, value: JSON)

    /// One member as stored: a struct, so that copying and destroying the storage runs code
    /// made for it rather than the runtime's generic tuple witnesses.
    @usableFromInline
    struct Member: Sendable {
        @usableFromInline var key: String
        @usableFromInline var value: JSON
    }

    @usableFromInline var members: [Member]
    @usableFromInline var index: [String: Int]?

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
    public subscript(position: Int) -> Element {
        let member = members[position]
        return (member.key, member.value)
    }

    /// The member keys, in order.
    public var orderedKeys: [String] { members.map(\.key) }

    /// The member values, in the order of `orderedKeys`.
    public var orderedValues: [JSON] { members.map(\.value) }

    /// An object of `members` in order, as the parser collects them; when a key repeats, the
    /// last value wins at the first position, as with the subscript. A caller that knows no key
    /// repeats says so with `mayRepeatKeys`, sparing the comparisons.
    init(members: [Member], mayRepeatKeys: Bool = true) {
        if members.count <= Self.indexThreshold {
            if !mayRepeatKeys || !Self.hasDuplicates(members) {
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

    private init(uniqueMembers: [Member], index: [String: Int]?) {
        members = uniqueMembers
        self.index = index
    }

    /// Pairwise, which beats hashing for a handful of keys; lengths are compared first because
    /// that is O(1) for native strings and rules out most pairs.
    private static func hasDuplicates(_ members: [Member]) -> Bool {
        guard members.count > 1 else { return false }
        return members.withUnsafeBufferPointer { members in
            for later in 1..<members.count {
                let key = members[later].key
                let length = key.utf8.count
                for earlier in 0..<later where members[earlier].key.utf8.count == length && members[earlier].key == key { return true }
            }
            return false
        }
    }

    /// The value of `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSON? {
        @inlinable get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
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
        members.append(Member(key: key, value: value))
        if index != nil { index![key] = members.count - 1 } else if members.count > Self.indexThreshold { rebuildIndex() }
    }

    /// Calls `body` with each member's key and value, in order, without copying them out.
    @inlinable
    public func forEachMember(_ body: (_ key: String, _ value: JSON) throws -> Void) rethrows {
        try members.withUnsafeBufferPointer { members in
            for member in members { try body(member.key, member.value) }
        }
    }

    /// Linear below the index threshold: lengths first (O(1) for native strings), so a lookup
    /// compares the text of the keys of its own length only.
    @inlinable
    func position(of key: String) -> Int? {
        if let index { return index[key] }
        let length = key.utf8.count
        return members.withUnsafeBufferPointer { members in
            for position in members.indices where members[position].key.utf8.count == length && members[position].key == key {
                return position
            }
            return nil
        }
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
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }

    /// Hashes the members independently of their order, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var hashing = Hasher()
            hashing.combine(member.key)
            hashing.combine(member.value)
            combined ^= hashing.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

/// A list that only grows at its end and whose copies share their elements: the feed's items.
///
/// A load-more appends a page while the previous snapshot is still held (the replayed
/// `SectionsUpdate`, a subscriber, an encoded notification). With an `Array` that shared buffer
/// forces a copy of the whole list on every append, so page 500 costs 500 times page 1. Here the
/// elements live in chunks that are never moved or rewritten; a copy is a table of chunks plus a
/// count, and appending writes into the free tail of the last chunk, which no other copy can see:
///
/// - copying a list is O(1) and never copies elements;
/// - appending `k` elements is O(k), plus, when a chunk fills up, a copy of the chunk table
///   (one entry per up to `chunkLimit` elements);
/// - appending to a copy that another copy has already extended leaves the other copy's elements
///   alone: the claim on a chunk's tail is atomic, and the loser starts a chunk of its own;
/// - element `i` is found by a binary search over the chunk table (a dozen chunks for 10,000 items).
///
/// Memory: chunks grow with the list (each new one as large as the list so far, at least the
/// elements appended, at most `chunkLimit` unless one append is larger), so at most one chunk is
/// partly empty: a list built in one go has no spare capacity at all.
public struct AppendOnlyList<Element: Sendable>: Sendable {
    /// One chunk as this copy uses it: the list index of its first element, and the chunk.
    struct Entry: Sendable {
        let start: Int
        let chunk: AppendOnlyChunk<Element>
    }

    /// A new chunk holds at most this many elements, unless a single append is larger.
    static var chunkLimit: Int { 1024 }

    /// This copy's chunks in list order; the elements of entry `n` run up to the next entry's start.
    private(set) var entries: [Entry] = []
    /// The number of elements.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// A list of `elements`, stored in one chunk of exactly their count.
    public init(_ elements: some Collection<Element>) {
        append(contentsOf: elements)
    }

    /// Appends `elements` in O(`elements.count`): in place when this copy's last chunk has room
    /// that no other copy claimed, otherwise into a new chunk. Never copies existing elements.
    public mutating func append(contentsOf elements: some Collection<Element>) {
        var rest = elements[...]
        guard !rest.isEmpty else { return }
        if let last = entries.last {
            let used = count - last.start
            let room = Swift.min(rest.count, last.chunk.capacity - used)
            if room > 0, last.chunk.claim(from: used, count: room) {
                last.chunk.initialize(at: used, from: rest.prefix(room))
                rest = rest.dropFirst(room)
                count += room
            }
        }
        guard !rest.isEmpty else { return }
        let capacity = Swift.max(rest.count, Swift.min(count, Self.chunkLimit))
        let chunk = AppendOnlyChunk<Element>(capacity: capacity)
        _ = chunk.claim(from: 0, count: rest.count)
        chunk.initialize(at: 0, from: rest)
        entries.append(Entry(start: count, chunk: chunk))
        count += rest.count
    }

    /// Appends one element.
    public mutating func append(_ element: Element) {
        append(contentsOf: CollectionOfOne(element))
    }

    /// The position in `entries` of the chunk holding list index `index`.
    private func entryPosition(of index: Int) -> Int {
        var low = 0
        var high = entries.count - 1
        if entries[high].start <= index { return high }  // the newest items are read most
        while low < high {
            let middle = (low + high + 1) / 2
            if entries[middle].start <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The end (exclusive list index) of the elements of entry `position` in this copy.
    private func end(ofEntry position: Int) -> Int {
        position + 1 < entries.count ? entries[position + 1].start : count
    }

    /// Whether `self` and `other` hold their common elements in the same memory: one was made
    /// from the other by appending, without copying any element. What tests assert to catch a
    /// list that is copied on every append.
    public func sharesElements(with other: AppendOnlyList) -> Bool {
        let (shorter, longer) = count <= other.count ? (self, other) : (other, self)
        guard let last = shorter.entries.indices.last else { return true }
        guard last < longer.entries.count, longer.end(ofEntry: last) >= shorter.count else { return false }
        return zip(shorter.entries, longer.entries).allSatisfy { $0.start == $1.start && $0.chunk === $1.chunk }
    }

    /// The number of chunks this copy uses (for tests and memory accounting).
    var chunkCount: Int { entries.count }
}

extension AppendOnlyList: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "AppendOnlyList index \(position) out of range 0..<\(count)")
        let entry = entries[entryPosition(of: position)]
        return entry.chunk[position - entry.start]
    }

    /// Walks the chunks in order (no search per element).
    public struct Iterator: IteratorProtocol {
        private let list: AppendOnlyList
        private var entry = 0
        private var index = 0
        private var entryEnd = 0

        init(_ list: AppendOnlyList) {
            self.list = list
            entryEnd = list.entries.isEmpty ? 0 : list.end(ofEntry: 0)
        }

        public mutating func next() -> Element? {
            guard index < list.count else { return nil }
            if index == entryEnd {
                entry += 1
                entryEnd = list.end(ofEntry: entry)
            }
            let current = list.entries[entry]
            defer { index += 1 }
            return current.chunk[index - current.start]
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }
}

extension AppendOnlyList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension AppendOnlyList: Equatable where Element: Equatable {
    public static func == (lhs: AppendOnlyList, rhs: AppendOnlyList) -> Bool {
        lhs.count == rhs.count && (lhs.sharesElements(with: rhs) || lhs.elementsEqual(rhs))
    }
}

extension AppendOnlyList: CustomStringConvertible {
    public var description: String { Array(self).description }
}

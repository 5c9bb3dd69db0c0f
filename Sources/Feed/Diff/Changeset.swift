/// The edits that turn one snapshot of a list into the next, by identity, in the batch-update
/// convention of UIKit and RxDataSources' Differentiator:
///
/// - `deleted` are indices in the old list,
/// - `inserted` are indices in the new list (with the new items),
/// - `moved` go from an old index to a new index (items kept, not re-sent),
/// - `updated` are indices in the new list whose item kept its identity but changed.
///
/// Items that are neither deleted nor moved keep their relative order, so a client applies it
/// with `apply(to:)`'s recipe: drop deleted and moved-from rows, then place inserted and
/// moved-to rows at their new indices and fill the remaining slots with the kept rows in order;
/// finally replace updated rows. Moves are minimal: only items outside a longest increasing run
/// of kept positions move, so appending a page is exactly one insertion per new item.
public struct Changeset<Item: IdentifiableItem>: Sendable, Equatable {
    /// One move of a kept item.
    public struct Move: Sendable, Equatable {
        /// Index in the old list.
        public var from: Int
        /// Index in the new list.
        public var to: Int

        /// A move from `from` (old) to `to` (new).
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Old indices of removed items, ascending.
    public var deleted: [Int]
    /// New indices of added items with the items, ascending by index.
    public var inserted: [(index: Int, item: Item)]
    /// Kept items that changed position, ascending by new index.
    public var moved: [Move]
    /// New indices of kept items whose content changed, with the new content, ascending.
    public var updated: [(index: Int, item: Item)]
    /// The number of items of the new list.
    public var newCount: Int

    /// The number of edits: what a client must process.
    public var size: Int { deleted.count + inserted.count + moved.count + updated.count }

    /// `true` when the snapshots are equal.
    public var isEmpty: Bool { size == 0 }

    /// The changeset from `old` to `new`. Identities must be unique within each list.
    public init(from old: [Item], to new: [Item]) {
        var oldIndexByIdentity = [Item.Identity: Int](minimumCapacity: old.count)
        for (index, item) in old.enumerated() { oldIndexByIdentity[item.identity] = index }
        var newIdentities = Set<Item.Identity>(minimumCapacity: new.count)
        for item in new { newIdentities.insert(item.identity) }

        deleted = old.indices.filter { !newIdentities.contains(old[$0].identity) }
        inserted = []
        updated = []
        newCount = new.count

        // Kept items in new order, with their old index.
        var kept: [(new: Int, old: Int)] = []
        for (index, item) in new.enumerated() {
            if let oldIndex = oldIndexByIdentity[item.identity] {
                kept.append((index, oldIndex))
                if old[oldIndex] != item { updated.append((index, item)) }
            } else {
                inserted.append((index, item))
            }
        }
        let stay = Self.longestIncreasingRun(kept.map(\.old))
        moved = kept.indices.filter { !stay.contains($0) }.map { Move(from: kept[$0].old, to: kept[$0].new) }
    }

    /// The changeset of appending `items` to a list of `count` items: inserts only, built in
    /// O(page) without diffing the list (a load-more's page costs the same at page 2 or 100).
    public init(appending items: [Item], toCount count: Int) {
        deleted = []
        moved = []
        updated = []
        inserted = items.enumerated().map { (count + $0.offset, $0.element) }
        newCount = count + items.count
    }

    /// Positions (into `values`) of one longest strictly increasing subsequence, O(n log n).
    private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // positions of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>(minimumCapacity: tails.count)
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }

    /// The new snapshot rebuilt from `old` and this changeset (what a client does).
    public func apply(to old: [Item]) -> [Item] {
        var removed = [Bool](repeating: false, count: old.count)
        for index in deleted { removed[index] = true }
        for move in moved { removed[move.from] = true }

        var slots = [Item?](repeating: nil, count: newCount)
        for (index, item) in inserted { slots[index] = item }
        for move in moved { slots[move.to] = old[move.from] }
        var keptItems = old.indices.lazy.filter { !removed[$0] }.map { old[$0] }.makeIterator()
        for index in slots.indices where slots[index] == nil { slots[index] = keptItems.next() }
        for (index, item) in updated { slots[index] = item }
        return slots.map { $0! }
    }

    public static func == (lhs: Changeset, rhs: Changeset) -> Bool {
        lhs.deleted == rhs.deleted && lhs.moved == rhs.moved && lhs.newCount == rhs.newCount
            && lhs.inserted.map(\.index) == rhs.inserted.map(\.index) && lhs.inserted.map(\.item) == rhs.inserted.map(\.item)
            && lhs.updated.map(\.index) == rhs.updated.map(\.index) && lhs.updated.map(\.item) == rhs.updated.map(\.item)
    }
}

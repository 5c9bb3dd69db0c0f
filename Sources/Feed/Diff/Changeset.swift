import FeedModel

/// The edits that turn one snapshot of a list into the next, by identity, in the batch-update
/// convention of UIKit and RxDataSources' Differentiator:
///
/// - `deleted` are indices in the old list,
/// - `inserted` are indices in the new list,
/// - `moved` go from an old index to a new index (items kept, not re-sent),
/// - `updated` are indices in the new list whose item kept its identity but changed.
///
/// As Differentiator's `Changeset` keeps its `finalSections`, a changeset keeps the new list
/// (`items`, sharing its storage: O(1) memory) and reads inserted and updated items from it, so a
/// page's changeset costs a few integers, not a second copy of the page.
///
/// Items that are neither deleted nor moved keep their relative order, so a client applies it
/// so: drop deleted and moved-from rows, then place inserted and moved-to rows at their new
/// indices and fill the remaining slots with the kept rows in order; finally replace updated
/// rows (the tests' `apply(to:)` is this recipe). Moves are minimal: only items outside a longest increasing run
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
    /// New indices of added items (their items are `items[index]`), ascending.
    public var inserted: [Int]
    /// Kept items that changed position, ascending by new index.
    public var moved: [Move]
    /// New indices of kept items whose content changed (the new content is `items[index]`), ascending.
    public var updated: [Int]
    /// The new list.
    public var items: PagedList<Item>

    /// The number of items of the new list.
    public var newCount: Int { items.count }

    /// The changeset from `old` to `new`. Identities must be unique within each list.
    public init<Old: RandomAccessCollection<Item>>(from old: Old, to new: PagedList<Item>) where Old.Index == Int {
        items = new
        moved = []
        // A reload that lists the same items in the same order (the usual pull-to-refresh):
        // only contents may change, found in one pass without hashing every identity.
        if old.count == new.count {
            var changed: [Int] = []
            var sameIdentities = true
            for (index, (before, after)) in zip(old, new).enumerated() {
                guard before.identity == after.identity else {
                    sameIdentities = false
                    break
                }
                if before != after { changed.append(index) }
            }
            if sameIdentities {
                (deleted, inserted, updated) = ([], [], changed)
                return
            }
        }
        var oldIndexByIdentity = [Item.Identity: Int](minimumCapacity: old.count)
        for (index, item) in old.enumerated() { oldIndexByIdentity[item.identity] = index }
        var newIdentities = Set<Item.Identity>(minimumCapacity: new.count)
        for item in new { newIdentities.insert(item.identity) }

        deleted = old.indices.filter { !newIdentities.contains(old[$0].identity) }
        inserted = []
        updated = []

        // Kept items in new order, with their old index.
        var kept: [(new: Int, old: Int)] = []
        for (index, item) in new.enumerated() {
            if let oldIndex = oldIndexByIdentity[item.identity] {
                kept.append((index, oldIndex))
                if old[oldIndex] != item { updated.append(index) }
            } else {
                inserted.append(index)
            }
        }
        let stay = Self.longestIncreasingRun(kept.map(\.old))
        moved = kept.indices.filter { !stay.contains($0) }.map { Move(from: kept[$0].old, to: kept[$0].new) }
    }

    /// The changeset from `old` to `new`.
    public init(from old: [Item], to new: [Item]) {
        self.init(from: old, to: PagedList(new))
    }

    /// The changeset of a list that grew from its first `count` items to `items` by appending:
    /// inserts only, built in O(appended) without diffing the list (a load-more's page costs the
    /// same at page 2 or 500).
    public init(appendingTo count: Int, in items: PagedList<Item>) {
        deleted = []
        moved = []
        updated = []
        inserted = Array(count..<items.count)
        self.items = items
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
}

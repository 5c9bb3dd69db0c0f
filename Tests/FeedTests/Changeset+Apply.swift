@testable import Feed

/// What a client does with a changeset (the recipe of `Changeset`'s documentation), the oracle
/// the diff tests check it against.
extension Changeset {
    /// The number of edits: what a client must process.
    var size: Int { deleted.count + inserted.count + moved.count + updated.count }

    /// `true` when the snapshots are equal.
    var isEmpty: Bool { size == 0 }

    /// The new snapshot rebuilt from `old` and this changeset.
    func apply(to old: [Item]) -> [Item] {
        var removed = [Bool](repeating: false, count: old.count)
        for index in deleted { removed[index] = true }
        for move in moved { removed[move.from] = true }

        var slots = [Item?](repeating: nil, count: newCount)
        for index in inserted { slots[index] = items[index] }
        for move in moved { slots[move.to] = old[move.from] }
        var keptItems = old.indices.lazy.filter { !removed[$0] }.map { old[$0] }.makeIterator()
        for index in slots.indices where slots[index] == nil { slots[index] = keptItems.next() }
        for index in updated { slots[index] = items[index] }
        return slots.map { $0! }
    }
}

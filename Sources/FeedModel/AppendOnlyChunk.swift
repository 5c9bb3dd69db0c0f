import Synchronization

/// Fixed storage for part of an `AppendOnlyList`: `capacity` slots, filled from the front, each
/// written exactly once and never moved or rewritten until the chunk is freed.
///
/// Several list copies may use one chunk, each up to its own count. Only the copy that extends
/// the filled prefix may write, and it must first win `claim(from:count:)`, an atomic
/// compare-and-exchange of `filled`; so each slot has one writer, and it writes before any copy
/// that can read the slot exists.
final class AppendOnlyChunk<Element: Sendable>: @unchecked Sendable {
    // Safety: `slots` is written only through `initialize(at:from:)`, on slots the caller won
    // with `claim`, which no other caller can win again; reads go to slots below the reader's
    // count, which were initialized before the reader's list value was made, and values reach
    // other threads through their own synchronization (locks, queues). Nothing is ever rewritten.
    private let slots: UnsafeMutablePointer<Element>
    /// The number of slots claimed; only grows.
    private let filled = Atomic<Int>(0)
    /// The number of slots.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
    }

    deinit {
        // The last reference is gone, so every claimed slot was initialized by its claimer.
        slots.deinitialize(count: filled.load(ordering: .acquiring))
        slots.deallocate()
    }

    /// Claims the `count` slots starting at `start` for the caller; `false` when `start` is not
    /// where the filled prefix ends (another copy appended first) or the chunk lacks room.
    func claim(from start: Int, count: Int) -> Bool {
        guard start + count <= capacity else { return false }
        return filled.compareExchange(expected: start, desired: start + count, ordering: .relaxed).exchanged
    }

    /// Writes `elements` into the slots from `start`, which the caller claimed.
    func initialize(at start: Int, from elements: some Collection<Element>) {
        var slot = slots + start
        for element in elements {
            slot.initialize(to: element)
            slot += 1
        }
    }

    /// The element in slot `index`, which must have been initialized.
    subscript(index: Int) -> Element {
        slots[index]
    }
}

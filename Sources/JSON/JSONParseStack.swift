/// The elements (or members) of the containers being parsed, innermost last, in memory the
/// stack owns.
///
/// A container's elements are pushed as they are read and moved, once, into an array of exactly
/// their count when it closes: nothing grows array by array, nothing is copied or counted twice.
/// The memory is kept for the next container and, through a `JSONMemberSpans`, the next parse;
/// it is freed with the last stack that holds it, and whoever holds a stack last empties it
/// (`reset()` or `deallocate()`).
struct JSONParseStack<Element> {
    /// Owns the memory `base` points to.
    private final class Storage {
        let base: UnsafeMutablePointer<Element>

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deallocate()
        }
    }

    private var storage: Storage?
    /// `storage`'s memory, read without going through the object.
    private var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    /// How many elements the open containers hold.
    private(set) var count = 0

    /// Memory beyond this many elements is given back after a parse, so one huge document does
    /// not pin its working memory for the life of a reused workspace.
    static var retainedCapacity: Int { 4096 }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Replaces the innermost element (a path step), which must exist.
    @inline(__always)
    mutating func replaceLast(with element: Element) {
        (base.unsafelyUnwrapped + (count - 1)).pointee = element
    }

    /// Drops the innermost element, which must exist.
    @inline(__always)
    mutating func removeLast() {
        count -= 1
        (base.unsafelyUnwrapped + count).deinitialize(count: 1)
    }

    /// The element at `position` (counted from the outermost).
    subscript(position: Int) -> Element { base.unsafelyUnwrapped[position] }

    /// The elements from `position` on, moved into an array of their exact count.
    mutating func pop(from position: Int) -> [Element] {
        let elements = [Element](MovedElements(start: base.unsafelyUnwrapped + position, end: base.unsafelyUnwrapped + count))
        count = position
        return elements
    }

    /// Drops what a parse that failed half-way left, and gives back memory beyond
    /// `retainedCapacity`.
    mutating func reset() {
        if count > 0 {
            base.unsafelyUnwrapped.deinitialize(count: count)
            count = 0
        }
        if capacity > Self.retainedCapacity { deallocate() }
    }

    /// Drops the elements and lets go of the memory.
    mutating func deallocate() {
        base?.deinitialize(count: count)
        (storage, base, capacity, count) = (nil, nil, 0, 0)
    }

    private mutating func grow() {
        let larger = Swift.max(16, capacity * 2)
        let fresh = Storage(capacity: larger)
        if let base { fresh.base.moveInitialize(from: base, count: count) }
        (storage, base, capacity) = (fresh, fresh.base, larger)
    }
}

/// Elements moved out of memory one by one as an array appends them: each is read once and
/// left uninitialized behind.
private struct MovedElements<Element>: Sequence, IteratorProtocol {
    var start: UnsafeMutablePointer<Element>
    let end: UnsafeMutablePointer<Element>

    var underestimatedCount: Int { end - start }

    mutating func next() -> Element? {
        guard start < end else { return nil }
        defer { start += 1 }
        return start.move()
    }
}

import Synchronization

/// How many times entries left a cache: counted under the cache's lock, read without it, so
/// that whoever remembers what the cache held can tell cheaply that it may have changed.
final class RemovalCount: Sendable {
    private let count = Atomic<Int>(0)

    /// The count so far.
    var value: Int { count.load(ordering: .acquiring) }

    /// Counts a removal.
    func increment() { count.add(1, ordering: .releasing) }
}

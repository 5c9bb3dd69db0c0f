import Foundation

/// A chunk of framed answers the reader thread wrote, handed to the writer whole: the writer
/// writes `bytes` as they are, and when the chunk is released its memory goes back to the
/// `Pool` for the reader's next chunk. No chunk of answers is copied, and in a steady stream
/// no memory is allocated for them.
final class ReaderChunk: @unchecked Sendable {
    // Safety: the reader writes the memory before it makes the chunk and never again; the
    // writer only reads it, after receiving the chunk under its lock; `deinit` runs once nobody
    // holds the chunk.
    private let storage: UnsafeMutableRawPointer
    private let capacity: Int
    private let pool: Pool
    /// The framed answers.
    let bytes: UnsafeRawBufferPointer

    /// A chunk of the first `count` bytes of `storage` (`capacity` bytes from `pool` or new).
    init(storage: UnsafeMutableRawPointer, capacity: Int, count: Int, pool: Pool) {
        self.storage = storage
        self.capacity = capacity
        self.pool = pool
        bytes = UnsafeRawBufferPointer(start: storage, count: count)
    }

    deinit { pool.giveBack(storage, capacity: capacity) }

    /// Buffers written chunks leave for the reader: at most `limit`, none over `largest` bytes
    /// (a burst's large buffer is freed).
    final class Pool: @unchecked Sendable {
        // Safety: `free` is touched only under `lock`.
        private let lock = NSLock()
        private var free: [(storage: UnsafeMutableRawPointer, capacity: Int)] = []
        private let limit = 2
        private let largest = 1 << 20

        /// A buffer of at least `minimumCapacity` bytes given back earlier, if there is one.
        func take(minimumCapacity: Int) -> (storage: UnsafeMutableRawPointer, capacity: Int)? {
            lock.withLock {
                guard let position = free.lastIndex(where: { $0.capacity >= minimumCapacity }) else { return nil }
                return free.remove(at: position)
            }
        }

        fileprivate func giveBack(_ storage: UnsafeMutableRawPointer, capacity: Int) {
            let kept = capacity <= largest && lock.withLock {
                guard free.count < limit else { return false }
                free.append((storage, capacity))
                return true
            }
            if !kept { storage.deallocate() }
        }

        deinit {
            for buffer in free { buffer.storage.deallocate() }
        }
    }
}

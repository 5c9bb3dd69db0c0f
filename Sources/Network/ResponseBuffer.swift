import Foundation

/// A growable byte buffer for a response body, handed over as `Data` without a copy.
///
/// Used on the event thread only. It grows by doubling (or to the declared length at once), so
/// a body costs one copy from curl's buffer and no re-copy when it becomes `Data`.
final class ResponseBuffer {
    private var bytes: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The bytes received.
    private(set) var count = 0

    deinit { free(bytes) }

    /// Makes room for `total` bytes in all; `false` when memory ran out.
    @discardableResult
    func reserve(_ total: Int) -> Bool {
        guard total > capacity else { return true }
        guard let grown = realloc(bytes, total) else { return false }
        bytes = grown
        capacity = total
        return true
    }

    /// Appends `chunk`, growing to at most `limit` bytes of room; `false` when memory ran out.
    func append(_ chunk: UnsafeRawBufferPointer, growingUpTo limit: Int) -> Bool {
        guard let source = chunk.baseAddress, chunk.count > 0 else { return true }
        let needed = count + chunk.count
        if needed > capacity, !reserve(max(needed, min(max(capacity * 2, 16 << 10), limit))) { return false }
        guard let bytes else { return false }
        (bytes + count).copyMemory(from: source, byteCount: chunk.count)
        count = needed
        return true
    }

    /// The bytes as `Data`; the buffer is empty afterwards.
    func take() -> Data {
        guard let taken = bytes, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: taken, count: count, deallocator: .free)
        bytes = nil
        capacity = 0
        count = 0
        return data
    }
}

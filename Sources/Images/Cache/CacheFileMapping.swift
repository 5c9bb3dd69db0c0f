import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A cache file's bytes mapped read-only (`mmap`), as `Data` that unmaps them when released.
///
/// The caches keep what they hand out this way rather than as copies: the bytes are the page
/// cache's own, shared with the file, taken only when something reads them (inlining,
/// processing) and given back under memory pressure, and a download's buffer is freed as soon
/// as its file is written, so the next download reuses it instead of faulting in fresh pages.
/// Safe because a cache file is never rewritten or truncated (`CacheFileName`): removing it
/// leaves the mapping readable until released.
enum CacheFileMapping {
    /// The first `count` bytes of the open file `descriptor`, mapped; `nil` when it cannot be
    /// mapped (an empty file, a file system that refuses), and the caller keeps a copy.
    static func map(_ descriptor: Int32, count: Int) -> Data? {
        guard count > 0 else { return nil }
        let address = mmap(nil, count, PROT_READ, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return Data(bytesNoCopy: address, count: count, deallocator: .custom { pointer, length in
            munmap(pointer, length)
        })
    }
}

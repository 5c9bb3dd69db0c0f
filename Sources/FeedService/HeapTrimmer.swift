#if canImport(Glibc)
import Glibc
import Locking
#endif
import Dispatch
import Reactive

/// Hands freed heap back to the operating system once sessions were disposed.
///
/// glibc keeps freed memory in its arenas, so without this a process that once held many
/// sessions keeps their high-water mark as resident memory forever. Trims are coalesced: one
/// runs shortly after the last of a burst of disposals, off every session's queue.
final class HeapTrimmer: Sendable {
    private typealias TrimFunction = @convention(c) (Int) -> Int32

    /// `malloc_trim`, looked up at run time: Swift's Glibc module does not declare it, and other
    /// C libraries do not have it (then trimming does nothing).
    private static let trim: TrimFunction? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: TrimFunction.self)
        #else
        return nil
        #endif
    }()

    private let queue = DispatchQueue(label: "feedvm.heap-trimmer", qos: .utility)
    private let isScheduled = Locked(false)
    private let delay: Double

    init(delay: Double = 0.2) {
        self.delay = delay
    }

    /// Asks for a trim soon; calls within `delay` of each other share one.
    func request() {
        guard Self.trim != nil, isScheduled.withLock({ scheduled in defer { scheduled = true }; return !scheduled }) else { return }
        queue.asyncAfter(deadline: .now() + delay) { [isScheduled] in
            isScheduled.withLock { $0 = false }
            _ = Self.trim?(0)
        }
    }
}

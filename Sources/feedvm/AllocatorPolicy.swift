#if canImport(Glibc)
import Glibc
#endif

/// How this process asks glibc's allocator to behave; applied first thing in `main`.
enum AllocatorPolicy {
    /// glibc's `M_ARENA_MAX` parameter of `mallopt`.
    private static let arenaMaxParameter: Int32 = -8
    /// Arenas for a process whose sessions hop between dispatch worker threads.
    private static let arenas: Int32 = 2

    /// Caps malloc's arenas. By default glibc gives busy threads arenas of their own (up to eight
    /// per core); session work migrates between dispatch threads, so freed lists scatter over
    /// many arenas, and the process keeps growing after sessions end even though nothing is
    /// retained. Two arenas kept RSS after disposing 200 sessions x 18 pages flat within a few
    /// MiB over six rounds, where the default grew ~8 MiB a round. `mallopt` is looked up at run
    /// time because Swift's Glibc module does not declare it; elsewhere this does nothing.
    static func apply() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaxParameter, arenas)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension FeedEnvironment {
    /// The system's wall clock, in milliseconds since 1970.
    @Sendable public static func systemMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}

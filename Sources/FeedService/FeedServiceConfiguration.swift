/// How a `FeedService` is set up; the `feedvm` command line fills it in.
public struct FeedServiceConfiguration: Sendable {
    /// The image disk cache directory; `nil` means `$XDG_CACHE_HOME/feedvm` or `~/.cache/feedvm`.
    public var cacheDirectory: String?
    /// The latency of the stub source's answers, in seconds, unless an input sets its own.
    public var defaultStubDelay: Double = 0
    /// The most sessions that may be live at once (protocol: -32005 beyond it).
    public var maxSessions = 1_000
    /// The memory cache's byte budget for decoded-at-rest image bytes.
    public var memoryCacheBytes = 64 << 20
    /// The disk cache's byte budget.
    public var diskCacheBytes = 256 << 20

    /// The defaults of protocol/README.md, section 11.
    public init() {}
}

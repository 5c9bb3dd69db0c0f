import Network

/// One image as a caller wants it: where it comes from, what to make of it, how urgently,
/// and whether the caches may answer.
public struct ImageRequest: Sendable {
    /// The URL of the original.
    public var url: String
    /// What is made of the original (the original itself by default).
    public var processor: any ImageProcessing
    /// How urgently: `.high` for what is on screen, `.low` for a prefetch.
    public var priority: RequestPriority.Level
    /// Downloads the original again (no revalidation, no cache answer) when `true`.
    public var forceRefresh: Bool

    /// A request for `url`, processed by `processor`, at `priority`.
    public init(
        url: String, processor: any ImageProcessing = OriginalImageProcessor(), priority: RequestPriority.Level = .high,
        forceRefresh: Bool = false
    ) {
        self.url = url
        self.processor = processor
        self.priority = priority
        self.forceRefresh = forceRefresh
    }

    /// A request for `url` as `options` ask (their processor).
    public init(url: String, options: ImageOptions, priority: RequestPriority.Level = .high, forceRefresh: Bool = false) {
        self.init(url: url, processor: options.processor, priority: priority, forceRefresh: forceRefresh)
    }

    /// The key of the result in the caches: the URL for the original, else the processor's
    /// identifier and the URL (a line break, which no URL holds, between them).
    public var cacheKey: String { Self.cacheKey(url: url, processor: processor.identifier) }

    /// The key of `url`'s image as processed by the processor named `processor`.
    public static func cacheKey(url: String, processor: String) -> String {
        processor.isEmpty ? url : processor + "\n" + url
    }
}

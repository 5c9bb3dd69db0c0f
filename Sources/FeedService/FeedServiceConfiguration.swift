import Feed
import Images
import Foundation
import Network

/// How a `FeedService` is set up; the `feedvm` command line fills it in.
public struct FeedServiceConfiguration: Sendable {
    /// The image disk cache directory; `nil` means `$XDG_CACHE_HOME/feedvm` or `$HOME/.cache/feedvm`.
    public var cacheDirectory: String?
    /// The latency of the stub source's answers, in seconds, unless an input sets its own.
    public var defaultStubDelay: Double = 0
    /// The most sessions that may be live at once (protocol: -32005 beyond it).
    public var maxSessions = 1_000
    /// The memory cache's byte budget for encoded image bytes.
    public var memoryCacheBytes = MemoryImageCache.defaultByteLimit
    /// The disk cache's byte budget.
    public var diskCacheBytes = DiskImageCache.defaultByteLimit
    /// The longest an image stays fresh, in seconds, whatever its server says.
    public var cacheMaxAge = ImageLoader.defaultMaxAge
    /// The caches' clock (`FEEDVM_CLOCK_FILE` moves it in end-to-end tests).
    public var cacheClock = CacheClock.fromEnvironment()
    /// The largest API response body, after decoding (protocol: -32002 beyond it).
    public var maxBodyBytes = CurlTransport.Limits.defaultMaxBodyBytes
    /// The largest image, after decoding (protocol: -32003 beyond it).
    public var maxImageBytes = ImageLoader.defaultMaxImageBytes
    /// The total deadline of one HTTP request, in seconds: connect, headers, body, redirects,
    /// and for the envelope source the token refresh and the retry with it.
    public var requestTimeout = CurlTransport.Limits.defaultRequestTimeout
    /// The most connections to one host, for pages and for images each.
    public var maxHostConnections = CurlTransport.Limits().maxHostConnections
    /// The most redirects followed for one request.
    public var maxRedirects = CurlTransport.Limits().maxRedirects
    /// The feed store's file (offline-first lists, local edits); `nil` stores nothing.
    public var storePath: String?
    /// The per-user key the store names feeds under; `nil` means `$XDG_STATE_HOME/feedvm/store-key`
    /// or `$HOME/.local/state/feedvm/store-key`.
    public var storeKeyPath: String?
    /// The bound on the store file's size in bytes (feeds evicted least recently used first).
    public var storeMaxBytes: Int64 = 64 << 20
    /// Where `transform` inputs are read and checked: off the reader's thread, so that no
    /// config, however long it takes to check, holds up another request.
    public var inputChecking = DispatchQueue(label: "feedvm.transform.check", attributes: .concurrent)

    /// The defaults of protocol/README.md, section 11.
    public init() {}

    /// The limits of the transport that loads pages and refreshes tokens.
    var pageTransportLimits: CurlTransport.Limits { transportLimits(maxBodyBytes: maxBodyBytes) }

    /// The limits of the transport that downloads images: bodies of hundreds of KiB are read in
    /// pieces of up to 128 KiB.
    var imageTransportLimits: CurlTransport.Limits {
        var limits = transportLimits(maxBodyBytes: maxImageBytes)
        limits.receiveBufferBytes = 128 << 10
        return limits
    }

    private func transportLimits(maxBodyBytes: Int) -> CurlTransport.Limits {
        var limits = CurlTransport.Limits()
        limits.maxBodyBytes = maxBodyBytes
        limits.requestTimeout = requestTimeout
        limits.maxHostConnections = maxHostConnections
        limits.maxRedirects = maxRedirects
        return limits
    }
}

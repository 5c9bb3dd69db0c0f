import FeedModel
import Foundation
import ImageCodecs
import Locking
import Network
import Reactive

/// Loads images the Kingfisher way: memory cache, then disk cache, then the network, and then
/// the request's processor (a size, a format), each result cached under a key naming its
/// processor. One download per URL serves every size asked for meanwhile, one processing per
/// key serves every caller of that key, and each caller can leave on its own; work nobody
/// waits for any more stops.
///
/// Freshness follows HTTP: an image is used without asking the server while its
/// `Cache-Control: max-age` (at most `maxAge`; `maxAge` when the server sent none) lasts; then
/// the original is revalidated with `If-None-Match` / `If-Modified-Since`, and a `304` renews
/// every image made from it without a body. A processed image is used only while the original
/// it was made from is the current one. `forceRefresh` downloads the original again.
///
/// Only `http`, `https` and `stub` URLs are fetched; a body over `maxImageBytes` or bytes that
/// are not a known image format are errors. With a disk cache, every image it hands out has its
/// file: one whose file cannot be written fails with `cacheUnavailable`. Downloads and
/// processing carry the request's priority: visible images go before prefetches, in the
/// transport's connection slots and in the processing queue.
public final class ImageLoader: ImageRetrieving {
    /// The default cap on one image: 20 MiB.
    public static let defaultMaxImageBytes = 20 * 1024 * 1024
    /// The default longest freshness: 7 days.
    public static let defaultMaxAge: TimeInterval = 7 * 24 * 3600
    /// The schemes that are fetched.
    public static let fetchableSchemes: Set<String> = ["http", "https", "stub"]

    /// The memory cache.
    public let memoryCache: MemoryImageCache
    /// The disk cache, when there is one.
    public let diskCache: DiskImageCache?
    /// What downloads go through.
    public let transport: any HTTPTransport
    /// The largest image accepted.
    public let maxImageBytes: Int
    /// Where processors run.
    public let processingQueue: ProcessingQueue
    /// The caches' clock.
    public let clock: CacheClock
    private let maxAgeValue: Locked<TimeInterval>
    let tasks = SharedWork<CachedImage>()
    let downloads = SharedWork<CachedImage>()

    /// A loader over `transport` with the given caches.
    public init(
        memoryCache: MemoryImageCache = MemoryImageCache(), diskCache: DiskImageCache?, transport: any HTTPTransport,
        maxImageBytes: Int = ImageLoader.defaultMaxImageBytes, maxAge: TimeInterval = ImageLoader.defaultMaxAge,
        clock: CacheClock? = nil, processingQueue: ProcessingQueue = ProcessingQueue()
    ) {
        self.memoryCache = memoryCache
        self.diskCache = diskCache
        self.transport = transport
        self.maxImageBytes = maxImageBytes
        self.clock = clock ?? diskCache?.clock ?? .system
        self.processingQueue = processingQueue
        maxAgeValue = Locked(max(0, maxAge))
    }

    /// The longest an image stays fresh, in seconds, whatever its server says.
    public var maxAge: TimeInterval {
        get { maxAgeValue.current }
        set { maxAgeValue.withLock { $0 = max(0, newValue) } }
    }

    /// The number of downloads in flight (one per URL).
    public var activeDownloads: Int { downloads.count }

    public func isCached(_ request: ImageRequest) -> Bool {
        let key = request.cacheKey
        return memoryCache.contains(key) || diskCache?.contains(key) == true
    }

    public var cacheRemovals: Int? { memoryCache.removals + (diskCache?.removals ?? 0) }

    public func retrieveImage(_ request: ImageRequest, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable {
        let key = request.cacheKey
        if !request.forceRefresh, let hit = freshMemoryHit(key) {
            completion(.success(hit.image))
            return Disposables.create {}
        }
        guard let requestURL = URL(string: request.url), let scheme = requestURL.scheme?.lowercased(), Self.fetchableSchemes.contains(scheme) else {
            let url = request.url
            let scheme = url.firstIndex(of: ":").map { url[..<$0].lowercased() } ?? ""
            completion(.failure(.refusedScheme(scheme, url: Redactor.standard.redact(urlString: url))))
            return Disposables.create {}
        }
        // A refresh neither joins nor is joined by loads that may answer from the caches.
        let taskKey = request.forceRefresh ? key + "\n refresh" : key
        return tasks.join(
            taskKey, level: request.priority, completion: { completion($0.map(\.image)) },
            shortcut: { request.forceRefresh ? nil : freshMemoryHit(key) },
            start: { context in run(request, key: key, context: context) })
    }

    /// The image of `key` in memory, if it is fresh and its file is still its entry's.
    func freshMemoryHit(_ key: String) -> CachedImage? {
        guard let hit = memoryCache.image(forKey: key), hit.freshness.isFresh(at: clock.now()) else { return nil }
        if let diskCache, !diskCache.keepAlive(hit) {
            memoryCache.remove(key)
            return nil
        }
        return hit
    }

    /// The cached image of `key`, fresh or not: memory, else disk.
    func cachedImage(_ key: String, url: String) -> CachedImage? {
        if let hit = memoryCache.image(forKey: key), diskCache?.keepAlive(hit) ?? true { return hit }
        return diskCache?.image(forKey: key, url: url, maxAge: maxAge)
    }

    /// Serves one task: the cached image while fresh, else the original (revalidated or
    /// downloaded) and, for a processor, what it makes of it.
    private func run(_ request: ImageRequest, key: String, context: SharedWork<CachedImage>.Context) -> any Disposable {
        let finish: @Sendable (Result<CachedImage, FeedError>) -> Void = { [memoryCache] result in
            if case .success(let image) = result { memoryCache.store(image, forKey: key) }
            context.finish(result)
        }
        let cached = request.forceRefresh ? nil : cachedImage(key, url: request.url)
        if let cached, cached.freshness.isFresh(at: clock.now()) {
            finish(.success(cached))
            return Disposables.create()
        }
        let isOriginal = request.processor.identifier.isEmpty
        let work = SerialDisposable()
        let download = original(
            request.url, refresh: request.forceRefresh, known: isOriginal ? cached : nil, priority: context.priority.level
        ) { [self] result in
            switch result {
            case .failure(let error):
                finish(.failure(error))
            case .success(let origin) where isOriginal:
                finish(.success(origin))
            case .success(let origin):
                if var cached, cached.originVersion == origin.version {
                    // Made from the very bytes the server still sends: as fresh as they are.
                    cached.freshness = origin.freshness
                    diskCache?.renew(cached)
                    return finish(.success(cached))
                }
                work.disposable = processingQueue.enqueue(priority: context.priority) { [self] in
                    finish(process(request, key: key, origin: origin))
                }
            }
        }
        context.onRaise { download.raise(to: $0) }
        return Disposables.create {
            download.dispose()
            work.dispose()
        }
    }

    /// The original of `url`: fresh from the caches, else revalidated or downloaded (one
    /// transfer for every caller of the URL).
    private func original(
        _ url: String, refresh: Bool, known: CachedImage?, priority: RequestPriority.Level,
        completion: @escaping @Sendable (Result<CachedImage, FeedError>) -> Void
    ) -> SharedWork<CachedImage>.Handle {
        downloads.join(refresh ? url + "\n refresh" : url, level: priority, completion: completion) { context in
            let known = refresh ? nil : known ?? cachedImage(url, url: url)
            if let known, known.freshness.isFresh(at: clock.now()) {
                context.finish(.success(known))
                return Disposables.create()
            }
            return download(url, revalidating: known, context: context)
        }
    }

    /// Runs `request`'s processor on `origin` and caches the result; an original that already
    /// is the result is answered as it is.
    private func process(_ request: ImageRequest, key: String, origin: CachedImage) -> Result<CachedImage, FeedError> {
        let made: ProcessedImage?
        do {
            made = try request.processor.process(origin.image)
        } catch {
            return .failure(error)
        }
        guard let made else { return .success(origin) }
        let version = CacheFileName.newVersion(at: clock.now())
        guard let diskCache else {
            let image = FeedImage(url: request.url, info: made.info, path: nil, data: made.data)
            return .success(CachedImage(image: image, freshness: origin.freshness, version: version, originVersion: origin.version))
        }
        do {
            return .success(
                try diskCache.store(
                    made.data, info: made.info, freshness: origin.freshness, version: version, originVersion: origin.version, forKey: key,
                    url: request.url))
        } catch {
            let redacted = Redactor.standard.redact(urlString: request.url)
            return .failure(.image(message: "The image could not be cached: \(error)", url: redacted, reason: .cacheUnavailable))
        }
    }
}

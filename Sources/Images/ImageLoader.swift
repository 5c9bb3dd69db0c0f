import FeedModel
import Foundation
import ImageCodecs
import Locking
import Network
import Reactive

/// Loads images the Kingfisher way: memory cache, then disk cache, then one download per URL
/// however many callers ask, each caller cancellable on its own.
///
/// Only `http`, `https` and `stub` URLs are fetched; a body over `maxImageBytes` or bytes that
/// are not a known image format are errors. A cache hit never touches the transport.
///
/// With a disk cache, every image it hands out has its file: a download whose file cannot be
/// written (unusable directory, disk full) fails with `cacheUnavailable` and is not kept in
/// memory either. Results arrive on the transport's delivery queue, never on its event thread,
/// so the cache write never holds up other transfers.
public final class ImageLoader: ImageRetrieving {
    /// The default cap on one image: 20 MiB.
    public static let defaultMaxImageBytes = 20 * 1024 * 1024
    /// The schemes that are fetched.
    public static let fetchableSchemes: Set<String> = ["http", "https", "stub"]

    private typealias Callback = @Sendable (Result<FeedImage, FeedError>) -> Void

    private struct Download {
        let id: Int
        var callers: [Int: Callback]
        let request: SerialDisposable
    }

    private struct State {
        var downloads: [String: Download] = [:]
        var nextId = 0
    }

    /// The memory cache.
    public let memoryCache: MemoryImageCache
    /// The disk cache, when there is one.
    public let diskCache: DiskImageCache?
    /// What downloads go through.
    public let transport: any HTTPTransport
    /// The largest image accepted.
    public let maxImageBytes: Int
    private let state = Locked(State())

    /// A loader over `transport` with the given caches.
    public init(
        memoryCache: MemoryImageCache = MemoryImageCache(), diskCache: DiskImageCache?, transport: any HTTPTransport,
        maxImageBytes: Int = ImageLoader.defaultMaxImageBytes
    ) {
        self.memoryCache = memoryCache
        self.diskCache = diskCache
        self.transport = transport
        self.maxImageBytes = maxImageBytes
    }

    /// The number of downloads in flight (one per URL).
    public var activeDownloads: Int { state.withLock { $0.downloads.count } }

    public func isCached(_ url: String) -> Bool { memoryCache.contains(url) || diskCache?.contains(url) == true }

    public func retrieveImage(_ url: String, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable {
        if let image = cachedImage(url) {
            completion(.success(image))
            return Disposables.create {}
        }
        guard let requestURL = URL(string: url), let scheme = requestURL.scheme?.lowercased(), Self.fetchableSchemes.contains(scheme) else {
            let scheme = url.firstIndex(of: ":").map { url[..<$0].lowercased() } ?? ""
            completion(.failure(.refusedScheme(scheme, url: Redactor.standard.redact(urlString: url))))
            return Disposables.create {}
        }
        let joined = state.withLock { state -> (caller: Int, startsDownload: Bool, request: SerialDisposable, downloadId: Int)? in
            let caller = state.nextId
            state.nextId += 1
            if state.downloads[url] != nil {
                state.downloads[url]!.callers[caller] = completion
                return (caller, false, state.downloads[url]!.request, state.downloads[url]!.id)
            }
            // A download that finished since the check above has stored its image first.
            if memoryCache.contains(url) { return nil }
            let download = Download(id: caller, callers: [caller: completion], request: SerialDisposable())
            state.downloads[url] = download
            return (caller, true, download.request, download.id)
        }
        guard let (caller, startsDownload, request, downloadId) = joined else { return retrieveImage(url, completion: completion) }
        if startsDownload {
            request.disposable = transport.send(HTTPRequest(url: requestURL)) { [self] result in
                finish(url, downloadId: downloadId, with: result.mapError { $0 })
            }
        }
        return Disposables.create { [self] in detach(caller, from: url, downloadId: downloadId) }
    }

    /// The image of `url` from memory, else from disk (then kept in memory).
    public func cachedImage(_ url: String) -> FeedImage? {
        if let image = memoryCache.image(for: url) { return image }
        guard let diskCache, let data = diskCache.data(for: url), let info = ImageFormat.sniff(data) else { return nil }
        let image = FeedImage(url: url, info: info, path: diskCache.path(for: url).path, data: data)
        memoryCache.store(image)
        return image
    }

    private func detach(_ caller: Int, from url: String, downloadId: Int) {
        let orphaned = state.withLock { state -> SerialDisposable? in
            guard var download = state.downloads[url], download.id == downloadId else { return nil }
            download.callers[caller] = nil
            if download.callers.isEmpty {
                state.downloads[url] = nil
                return download.request
            }
            state.downloads[url] = download
            return nil
        }
        orphaned?.dispose()  // the last caller left: stop the transfer
    }

    private func finish(_ url: String, downloadId: Int, with result: Result<(HTTPResponse, Data), any Error>) {
        guard state.withLock({ $0.downloads[url]?.id == downloadId }) else { return }  // every caller left
        // Cache the image while the download is still listed: a caller arriving meanwhile joins
        // it, and one arriving after it is unlisted finds the image, so one URL is one GET.
        let outcome = image(url, from: result)
        let callers = state.withLock { state -> [Callback] in
            guard let download = state.downloads[url], download.id == downloadId else { return [] }
            state.downloads[url] = nil
            return Array(download.callers.values)
        }
        for callback in callers { callback(outcome) }
    }

    private func image(_ url: String, from result: Result<(HTTPResponse, Data), any Error>) -> Result<FeedImage, FeedError> {
        let redacted = Redactor.standard.redact(urlString: url)
        switch result {
        case .failure(let error):
            if let networkError = error as? NetworkError, case .bodyTooLarge = networkError {
                return .failure(.image(message: "The image is larger than \(maxImageBytes) bytes", url: redacted, reason: .bodyTooLarge))
            }
            return .failure(FeedError(networkError: error, url: redacted))
        case .success(let (response, data)):
            guard (200..<300).contains(response.statusCode) else {
                let retryAfter = response.headers.first { $0.key.lowercased() == "retry-after" }.flatMap { RetryAfter(header: $0.value) }
                return .failure(.server(message: "HTTP \(response.statusCode)", status: response.statusCode, url: redacted, retryAfter: retryAfter))
            }
            guard data.count <= maxImageBytes else {
                return .failure(.image(message: "The image is larger than \(maxImageBytes) bytes", url: redacted, reason: .bodyTooLarge))
            }
            guard let info = ImageFormat.sniff(data) else {
                return .failure(.image(message: "Not a PNG, JPEG, GIF, WebP or BMP image", url: redacted, reason: .notAnImage))
            }
            var path: String?
            if let diskCache {
                do {
                    path = try diskCache.store(data, for: url).path
                } catch {
                    // Every image a client gets has a file: without one, the load fails.
                    return .failure(.image(message: "The image could not be cached: \(error)", url: redacted, reason: .cacheUnavailable))
                }
            }
            let image = FeedImage(url: url, info: info, path: path, data: data)
            memoryCache.store(image)
            return .success(image)
        }
    }
}

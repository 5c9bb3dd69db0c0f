import FeedModel
import Foundation
import ImageCodecs
import Network
import Reactive

extension ImageLoader {
    /// Sends the GET of `url` at the context's priority, conditional on `known`'s validators
    /// when it has any, and finishes the context with the original: `known` renewed by a
    /// `304`, or the new bytes, cached.
    func download(_ url: String, revalidating known: CachedImage?, context: SharedWork<CachedImage>.Context) -> any Disposable {
        // The caller checked the URL.
        var request = HTTPRequest(url: URL(string: url)!)
        request.priority = context.priority
        for (name, value) in known?.freshness.conditionalHeaders ?? [:] { request.setValue(value, forHTTPHeaderField: name) }
        return transport.send(request) { [self] result in
            context.finish(original(url, from: result, known: known))
        }
    }

    private func original(_ url: String, from result: Result<(HTTPResponse, Data), NetworkError>, known: CachedImage?) -> Result<CachedImage, FeedError> {
        let redacted = Redactor.standard.redact(urlString: url)
        let now = clock.now()
        switch result {
        case .failure(let error):
            if case .bodyTooLarge = error {
                return .failure(.image(message: "The image is larger than \(maxImageBytes) bytes", url: redacted, reason: .bodyTooLarge))
            }
            return .failure(FeedError(networkError: error, url: redacted))
        case .success(let (response, _)) where response.statusCode == 304:
            guard var known else {
                return .failure(.server(message: "HTTP 304 to a request that was not conditional", status: 304, url: redacted))
            }
            known.freshness = known.freshness.renewed(by: response.headers, at: now, maxAge: maxAge)
            diskCache?.renew(known)
            return .success(known)
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
            let freshness = ImageFreshness(headers: response.headers, receivedAt: now, maxAge: maxAge)
            let version = CacheFileName.newVersion(at: now)
            guard let diskCache else {
                return .success(CachedImage(image: FeedImage(url: url, info: info, path: nil, data: data), freshness: freshness, version: version))
            }
            do {
                return .success(try diskCache.store(data, info: info, freshness: freshness, version: version, forKey: url, url: url))
            } catch {
                // Every image a client gets has a file: without one, the load fails.
                return .failure(.image(message: "The image could not be cached: \(error)", url: redacted, reason: .cacheUnavailable))
            }
        }
    }
}

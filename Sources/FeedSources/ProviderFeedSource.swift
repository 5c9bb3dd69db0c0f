import FeedModel
import Foundation
import Network
import Reactive

/// A `FeedSource` that sends a `SourceConfig`'s requests through a Moya-style provider and maps
/// the answers with the config.
public struct ProviderFeedSource: FeedSource {
    /// The source's description.
    public let config: SourceConfig
    /// Placeholder values (base URL, access key).
    public let context: SourceConfig.Context
    /// The provider requests go through.
    public let provider: Provider<FeedTarget>

    /// A source over `provider`.
    public init(config: SourceConfig, context: SourceConfig.Context, provider: Provider<FeedTarget>) {
        self.config = config
        self.context = context
        self.provider = provider
    }

    public func page(_ request: PageRequest) -> Single<FeedPage> {
        let urlText = config.url(for: request, context: context)
        // Made only for an error: redaction scans the whole URL, a cost no successful page should pay.
        let redactedURL: @Sendable () -> String = { [self] in redacted(urlText) }
        guard let url = URL(string: urlText), let scheme = url.scheme else {
            return .error(FeedError.transport(message: "Not a valid URL: \(redactedURL())", url: redactedURL()))
        }
        if config.paging == .next, request.index > 0, !URLScheme.isHTTP(urlText) {
            // A next URL comes from the server: only the web schemes are followed.
            return .error(FeedError.refusedScheme(scheme, url: redactedURL()))
        }
        let headers = config.headers(for: request, context: context)
        // A substituted value ({category}, {cursor}, ...) may carry what the input check refused.
        if let name = headers.keys.sorted().first(where: { !HTTPHeaderField.isValidValue(headers[$0]!) }) {
            return .error(FeedError.transport(message: "Not sent: the header \(name) would contain a control character", url: redactedURL()))
        }
        let target = FeedTarget(
            url: url, method: config.method, headers: headers, body: config.body(for: request, context: context).map { Data($0) })
        let config = self.config
        return provider.rx.request(target)
            .catchingNetworkErrors(url: redactedURL)
            .map { response throws(FeedError) in
                // Relative references resolve against the page that listed them: after a
                // redirect, the URL the answer came from. It may hold the key: errors show `urlText`.
                try config.page(
                    body: [UInt8](response.data), statusCode: response.statusCode, headers: response.headers, request: request,
                    url: redactedURL(), pageURL: response.url?.absoluteString ?? urlText, requestedURL: urlText)
            }
    }
}

extension ProviderFeedSource {
    /// `url` as errors may show it: secret query items and the access key (which may sit under
    /// a query name the redactor does not know, or in the path) replaced.
    fileprivate func redacted(_ url: String) -> String {
        let redacted = Redactor.standard.redact(urlString: url)
        guard !context.accessKey.isEmpty else { return redacted }
        return redacted.replacingOccurrences(of: SourceConfig.percentEncoded(context.accessKey), with: Redactor.placeholder)
    }
}

extension Single where Element == Response {
    /// Network failures translated into `FeedError`s that carry the redacted URL.
    fileprivate func catchingNetworkErrors(url: @escaping @Sendable () -> String) -> Single<Response> {
        let source = self
        return Single.create { observer in
            source.subscribe { result in
                switch result {
                case .success(let response): observer(.success(response))
                case .failure(let error): observer(.failure(FeedError(networkError: error, url: url())))
                }
            }
        }
    }
}

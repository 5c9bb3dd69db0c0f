import FeedModel
import Foundation
import JSON
import Network
import Reactive

/// A `FeedSource` that sends a `SourceConfig`'s requests through a Moya-style provider and maps
/// the answers with the config: the list request, then, when the config has a `detail`
/// request, one request per listed item (see `ProviderFeedSource+Detail.swift`).
public struct ProviderFeedSource: FeedSource {
    /// The source's description.
    public let config: SourceConfig
    /// Placeholder values (base URL, access key).
    public let context: SourceConfig.Context
    /// The provider requests go through.
    public let provider: Provider<FeedTarget>
    /// The whole list of `none` paging, kept from the first page for the pages after it.
    let lists = ListCache()

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
        if config.paging == .next, request.index > 0, !URLScheme.isHTTP(urlText) {
            // A next URL comes from the server: only the web schemes are followed.
            return .error(FeedError.refusedScheme(URLScheme.of(urlText) ?? "", url: redactedURL()))
        }
        guard let url = URL(string: urlText), url.scheme != nil, url.host != nil else {
            return .error(FeedError.transport(message: "Not a valid URL: \(redactedURL())", url: redactedURL()))
        }
        let headers = config.headers(for: request, context: context)
        // A substituted value ({category}, {cursor}, ...) may carry what the input check refused.
        if let name = headers.keys.sorted().first(where: { !HTTPHeaderField.isValidValue(headers[$0]!) }) {
            return .error(FeedError.transport(message: "Not sent: the header \(name) would contain a control character", url: redactedURL()))
        }
        return listing(of: request, url: url, urlText: urlText, headers: headers, redactedURL: redactedURL).flatMap { [self] listed in
            guard let detail = config.detail else {
                let items = try config.items(from: listed.listing.elements, root: listed.listing.root, pageURL: listed.pageURL, url: redactedURL())
                let next = listed.listing.continuation
                return .just(FeedPage(items: items, hasMore: next.hasMore, nextCursor: next.cursor, endReason: next.endReason, warnings: next.warnings))
            }
            return details(detail, of: listed.listing, request: request, headers: headers, pageURL: listed.pageURL)
        }
    }

    /// A list page read, with the URL it came from (after redirects).
    struct Listed: Sendable {
        let listing: SourceConfig.Listing
        let pageURL: String
    }

    /// The list answer for `request`: requested, or, for a page after the first of `none`
    /// paging, cut from the list the first page kept.
    private func listing(
        of request: PageRequest, url: URL, urlText: String, headers: [String: String], redactedURL: @escaping @Sendable () -> String
    ) -> Single<Listed> {
        let config = self.config
        // Loops are found by URL: the first page's is named the way every other page's is.
        let firstPageURL = config.paging == .next && request.index > 0
            ? config.url(for: PageRequest(index: 0, pageSize: request.pageSize, category: request.category), context: context) : nil
        let read: @Sendable (ListCache.Entry) throws(FeedError) -> Listed = { answer in
            let listing = try config.listing(
                of: answer.json, headers: answer.headers, request: request, url: redactedURL(),
                pageURLs: (listing: answer.pageURL, requested: urlText), firstPageURL: firstPageURL)
            return Listed(listing: listing, pageURL: answer.pageURL)
        }
        if config.paging == .none, request.index > 0, let kept = lists.entry(for: urlText) {
            return Single.create { observer in
                do { observer(.success(try read(kept))) } catch { observer(.failure(error)) }
                return Disposables.create()
            }
        }
        let target = FeedTarget(
            url: url, method: config.method, headers: headers, body: config.body(for: request, context: context).map { Data($0) })
        let lists = self.lists
        return provider.rx.request(target)
            .catchingNetworkErrors(url: redactedURL)
            .map { response throws(FeedError) in
                // Relative references resolve against the page that listed them: after a
                // redirect, the URL the answer came from. It may hold the key: errors show `urlText`.
                let json = try config.answer(body: [UInt8](response.data), statusCode: response.statusCode, headers: response.headers, url: redactedURL())
                let entry = ListCache.Entry(json: json, headers: response.headers, pageURL: response.url?.absoluteString ?? urlText)
                if config.paging == .none { lists.keep(entry, for: urlText) }
                return try read(entry)
            }
    }
}

extension ProviderFeedSource {
    /// `url` as errors may show it: secret query items and the access key (which may sit under
    /// a query name the redactor does not know, or in the path) replaced.
    func redacted(_ url: String) -> String {
        let redacted = Redactor.standard.redact(urlString: url)
        guard !context.accessKey.isEmpty else { return redacted }
        return redacted.replacingOccurrences(of: URLText.formEncoded(context.accessKey), with: Redactor.placeholder)
    }
}

extension Single where Element == Response {
    /// Network failures translated into `FeedError`s that carry the redacted URL.
    func catchingNetworkErrors(url: @escaping @Sendable () -> String) -> Single<Response> {
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

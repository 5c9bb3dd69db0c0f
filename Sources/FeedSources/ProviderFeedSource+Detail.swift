import FeedModel
import Foundation
import JSON
import Network
import Reactive

extension ProviderFeedSource {
    /// The page whose items are the detail answers of `listing`'s elements, fetched at most
    /// `detail.concurrency` at a time, kept in list order. A failed detail leaves its item out
    /// with a warning (the page goes on); when every detail failed, the page fails with the
    /// first failure.
    func details(
        _ detail: DetailRequest, of listing: SourceConfig.Listing, request: PageRequest, headers: [String: String], pageURL: String
    ) -> Single<FeedPage> {
        let elements = Array(listing.elements)
        let root = listing.root
        let next = listing.continuation
        // A detail request is a GET: the list's body and its content type stay with the list.
        let detailHeaders = config.headers.mapValues { config.substitute($0, request, context) }
        return Single.create { [self] observer in
            let batch = BoundedBatch<FeedItem>(count: elements.count, concurrency: detail.concurrency, job: { [self] index, done in
                fetchDetail(detail, element: elements[index], root: root, request: request, headers: detailHeaders, done: done)
            }, completion: { results in
                var items: [FeedItem] = []
                var warnings = next.warnings
                var firstFailure: FeedError?
                for (index, result) in results.enumerated() {
                    switch result {
                    case .success(let item):
                        items.append(item)
                    case .failure(let error):
                        firstFailure = firstFailure ?? error
                        let label = elements[index].lenientString.map { " (\($0))" } ?? ""
                        warnings.append("Item \(index + 1)\(label) of the page was left out: its detail request failed: \(error.message)")
                    }
                }
                if items.isEmpty, let firstFailure { return observer(.failure(firstFailure)) }
                observer(.success(FeedPage(items: items, hasMore: next.hasMore, nextCursor: next.cursor, endReason: next.endReason, warnings: warnings)))
            })
            return batch.start()
        }
    }

    /// One detail request, reported through `done`; its subscription is the result.
    private func fetchDetail(
        _ detail: DetailRequest, element: JSON, root: JSON, request: PageRequest, headers: [String: String],
        done: @escaping @Sendable (Result<FeedItem, FeedError>) -> Void
    ) -> Disposable {
        guard let urlText = config.detailURL(detail, element: element, root: root, request: request, context: context),
            let url = URL(string: urlText), url.host != nil
        else {
            done(.failure(.decoding(message: "no detail URL could be made from \(detail.urlTemplate) for this item", url: nil)))
            return Disposables.create()
        }
        let redactedURL: @Sendable () -> String = { [self] in redacted(urlText) }
        let config = self.config
        return provider.rx.request(FeedTarget(url: url, headers: headers))
            .catchingNetworkErrors(url: redactedURL)
            .map { response throws(FeedError) in
                try config.detailItem(
                    detail, body: [UInt8](response.data), statusCode: response.statusCode, headers: response.headers,
                    pageURL: response.url?.absoluteString ?? urlText, url: redactedURL())
            }
            .subscribe { result in done(result.mapError { $0 as? FeedError ?? .transport(message: "\($0)", url: redactedURL()) }) }
    }
}

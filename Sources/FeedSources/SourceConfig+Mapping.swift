import FeedModel
import JSON

extension SourceConfig {
    /// The page an answer describes, or the failure it reports.
    ///
    /// `url` is the request URL as errors may show it (secrets redacted; made only for an error
    /// or when there is no `pageURL`); `pageURL` the URL of the page that listed the items,
    /// which after a redirect is the URL the answer came from, against which relative image and
    /// next-page URLs are resolved (default `url`); `requestedURL` the URL as requested, when a
    /// redirect made it differ (default `pageURL`). Both hold secrets: never show them.
    /// Items without an id are dropped; a non-empty item array where none has one fails, as
    /// that is a wrong `fields.id` rather than a page of odd items. The end of the list is
    /// decided by `continuation(of:headers:request:count:pageURLs:)`.
    public func page(
        body: [UInt8], statusCode: Int, headers: [String: String], request: PageRequest, url: @autoclosure () -> String,
        pageURL: String? = nil, requestedURL: String? = nil
    ) throws(FeedError) -> FeedPage {
        let json = try? JSON.parse(body)
        guard (200..<300).contains(statusCode) else {
            throw FeedError.server(
                message: json.flatMap(message(in:)) ?? "HTTP \(statusCode)", status: statusCode, url: url(),
                retryAfter: Self.header("Retry-After", in: headers).flatMap(RetryAfter.init(header:)))
        }
        guard let json else { throw FeedError.decoding(message: "The answer is not JSON", url: url()) }
        if let flagPath = errorFlagPath, json[keyPath: flagPath]?.lenientBool == true {
            throw FeedError.server(message: message(in: json) ?? "The server reported an error", status: statusCode, url: url())
        }
        if let codePath, !Self.isSuccess(json[keyPath: codePath], successCode) {
            let code = json[keyPath: codePath]?.jsonString ?? "missing"
            throw FeedError.server(message: message(in: json) ?? "Unexpected code \(code)", status: statusCode, url: url())
        }
        guard let array = json[keyPath: itemsPath]?.arrayValue else {
            throw FeedError.decoding(message: ItemArrayReport.missing(at: itemsPath, in: json), url: url())
        }
        let pageURL = pageURL ?? url()
        let items = array.compactMap { fields.item(from: $0, pageURL: pageURL) }
        if items.isEmpty, let first = array.first {
            let idPaths = fields.id.map(\.text)
            throw FeedError.decoding(message: ItemArrayReport.noIDs(at: idPaths, count: array.count, first: first), url: url())
        }
        let pageURLs = (listing: pageURL, requested: requestedURL ?? pageURL)
        let (hasMore, nextCursor, endReason) = continuation(of: json, headers: headers, request: request, count: array.count, pageURLs: pageURLs)
        return FeedPage(
            items: items, hasMore: hasMore, nextCursor: nextCursor, endReason: endReason,
            warnings: warnings(for: json, request: request, count: array.count))
    }

    private func message(in json: JSON) -> String? {
        // Strict strings only: `"error": true` is a flag, not a message to show.
        messagePaths.lazy.compactMap { json[keyPath: $0]?.stringValue }.first { !$0.isEmpty }
    }

    /// Whether business code `code` is `success`; `"0"` and `0` are the same code.
    private static func isSuccess(_ code: JSON?, _ success: JSON) -> Bool {
        guard let code else { return false }
        if code == success { return true }
        switch (code, success) {
        case (.string, .int), (.string, .double), (.int, .string), (.double, .string):
            return code.lenientDouble != nil && code.lenientDouble == success.lenientDouble
        default:
            return false
        }
    }
}

import FeedModel
import JSON

extension SourceConfig {
    /// A list page as read, before its items are mapped: the answer, the elements of this page
    /// in API order (for `none` paging, this page's slice of the whole list) and what follows.
    struct Listing: Sendable {
        /// The whole answer.
        var root: JSON
        /// This page's elements of the item array.
        var elements: ArraySlice<JSON>
        /// Whether more follows, and how it is addressed.
        var continuation: Continuation
    }

    /// The page an answer describes, or the failure it reports.
    ///
    /// `url` is the request URL as errors may show it (secrets redacted; made only for an error
    /// or when there is no `pageURL`); `pageURL` the URL of the page that listed the items,
    /// which after a redirect is the URL the answer came from, against which relative image and
    /// next-page URLs are resolved (default `url`); `requestedURL` the URL as requested, when a
    /// redirect made it differ (default `pageURL`); `firstPageURL` the URL of the list's first
    /// page. They hold secrets: never show them. Items without an id are dropped; a non-empty
    /// item array where none has one fails, as that is a wrong `fields.id` rather than a page of
    /// odd items. The end of the list is decided by `continuation(of:...)`.
    public func page(
        body: [UInt8], statusCode: Int, headers: [String: String], request: PageRequest, url: @autoclosure () -> String,
        pageURL: String? = nil, requestedURL: String? = nil, firstPageURL: String? = nil
    ) throws(FeedError) -> FeedPage {
        let json = try answer(body: body, statusCode: statusCode, headers: headers, url: url())
        let pageURL = pageURL ?? url()
        let listing = try listing(
            of: json, headers: headers, request: request, url: url(),
            pageURLs: (listing: pageURL, requested: requestedURL ?? pageURL), firstPageURL: firstPageURL)
        let items = try items(from: listing.elements, root: listing.root, pageURL: pageURL, url: url())
        let next = listing.continuation
        return FeedPage(items: items, hasMore: next.hasMore, nextCursor: next.cursor, endReason: next.endReason, warnings: next.warnings)
    }

    /// The elements and continuation of the list answer `json` (see `page(body:...)`).
    func listing(
        of json: JSON, headers: [String: String], request: PageRequest, url: @autoclosure () -> String, pageURLs: PageURLs,
        firstPageURL: String?
    ) throws(FeedError) -> Listing {
        guard let array = ValuePath(itemsPath).value(in: json)?.arrayValue else {
            throw FeedError.decoding(message: ItemArrayReport.missing(at: itemsPath, in: json), url: url())
        }
        var elements = array[...]
        if paging == .none {
            let start = min(array.count, request.index * request.pageSize)
            elements = array[start..<min(array.count, start + request.pageSize)]
        }
        let continuation = continuation(
            of: json, headers: headers, request: request, elements: elements, listLength: array.count,
            pageURLs: pageURLs, firstPageURL: firstPageURL)
        return Listing(root: json, elements: elements, continuation: continuation)
    }

    /// The items of `elements`, mapped by `fields`; fails when there are elements and none has an id.
    func items(from elements: ArraySlice<JSON>, root: JSON, pageURL: String, url: @autoclosure () -> String) throws(FeedError) -> [FeedItem] {
        let items = elements.compactMap { fields.item(from: $0, root: root, pageURL: pageURL) }
        if items.isEmpty, let first = elements.first {
            let idPaths = fields.id.map(\.text)
            throw FeedError.decoding(message: ItemArrayReport.noIDs(at: idPaths, count: elements.count, first: first), url: url())
        }
        return items
    }

    /// The item a detail answer describes (at `detail.itemPath`), mapped by `fields`.
    func detailItem(
        _ detail: DetailRequest, body: [UInt8], statusCode: Int, headers: [String: String], pageURL: String, url: @autoclosure () -> String
    ) throws(FeedError) -> FeedItem {
        let json = try answer(body: body, statusCode: statusCode, headers: headers, url: url())
        guard let value = ValuePath(detail.itemPath).value(in: json), !value.isNull else {
            throw FeedError.decoding(message: "No item at \(detail.itemPath.isEmpty ? "the top level" : "\"\(detail.itemPath)\"") of the detail answer", url: url())
        }
        guard let item = fields.item(from: value, root: json, pageURL: pageURL) else {
            throw FeedError.decoding(message: ItemArrayReport.noIDs(at: fields.id.map(\.text), count: 1, first: value), url: url())
        }
        return item
    }

    /// The answer's JSON, after its status, wrapper (`ResponseBody`), error flag and business
    /// code were checked.
    func answer(body: [UInt8], statusCode: Int, headers: [String: String], url: @autoclosure () -> String) throws(FeedError) -> JSON {
        let json = Self.parse(body)
        guard (200..<300).contains(statusCode) else {
            throw FeedError.server(
                message: json.flatMap(message(in:)) ?? "HTTP \(statusCode)", status: statusCode, url: url(),
                retryAfter: Self.header("Retry-After", in: headers).flatMap(RetryAfter.init(header:)))
        }
        guard let json else { throw FeedError.decoding(message: "The answer is not JSON", url: url()) }
        if let flagPath = errorFlagPath, ValuePath(flagPath).value(in: json)?.lenientBool == true {
            throw FeedError.server(message: message(in: json) ?? "The server reported an error", status: statusCode, url: url())
        }
        if let codePath {
            let code = ValuePath(codePath).value(in: json)
            if !Self.isSuccess(code, successCode) {
                throw FeedError.server(message: message(in: json) ?? "Unexpected code \(code?.jsonString ?? "missing")", status: statusCode, url: url())
            }
        }
        return json
    }

    /// `body` as JSON, unwrapped from a JSONP callback or an anti-XSSI prefix when it is not JSON as is.
    static func parse(_ body: [UInt8]) -> JSON? {
        if let json = try? JSON.parse(body) { return json }
        return ResponseBody.unwrapped(body).flatMap { try? JSON.parse($0) }
    }

    private func message(in json: JSON) -> String? {
        // Strict strings only: `"error": true` is a flag, not a message to show.
        messagePaths.lazy.compactMap { ValuePath($0).value(in: json)?.stringValue }.first { !$0.isEmpty }
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

import FeedModel
import JSON

extension SourceConfig {
    /// How the next page is addressed.
    public enum Paging: String, Sendable, CaseIterable {
        /// `{page}` counts pages from `firstPage`.
        case page
        /// `{offset}` counts items: `index * pageSize`.
        case offset
        /// `{cursor}` is the value the previous page gave at `nextCursorPath` (`firstCursor` at first).
        case cursor
        /// The next page is the URL the previous page gave at `nextURLPath`, or in its `Link`
        /// header's `rel="next"`: the URL is requested as given (resolved against the page's own,
        /// after redirects).
        case next
    }

    /// What follows a page: whether there is more, the cursor (for next-URL paging, the
    /// absolute URL) that addresses it, and, at the end, why it ended.
    ///
    /// First rule that applies: an empty page ends the list; with cursor or next-URL paging,
    /// no cursor or URL ends it (else the has-more flag decides, when the body has one); the
    /// has-more flag; the `Link` header's `rel="next"` (when `usesLinkHeader` and the header is
    /// there); a total (body or header) reached; a page shorter than the page size.
    ///
    /// `pageURLs` are the URL of the page that listed the items (after redirects), against which
    /// a relative next URL is resolved, and the URL as requested.
    func continuation(
        of json: JSON, headers: [String: String], request: PageRequest, count: Int, pageURLs: (listing: String, requested: String)
    ) -> (hasMore: Bool, nextCursor: String?, endReason: EndReason?) {
        let flag = hasMorePath.flatMap { json[keyPath: $0]?.lenientBool }
        var nextCursor = paging == .next ? nextURL(in: json, headers: headers, pageURL: pageURLs.listing) : text(at: nextCursorPath, in: json)
        // A server that names the page just loaded as the next one would loop forever; after a
        // redirect, either URL names it.
        let thisPage = paging == .next ? [pageURLs.listing, pageURLs.requested] : [request.cursor]
        var repeated = false
        if let next = nextCursor, thisPage.contains(next) { (nextCursor, repeated) = (nil, true) }
        guard count > 0 else { return (false, nextCursor, .emptyPage) }
        if paging == .cursor || paging == .next {
            if flag == false { return (false, nextCursor, .hasMoreFalse) }
            if nextCursor != nil { return (true, nextCursor, nil) }
            return (false, nil, repeated ? .repeatedCursor : paging == .next ? .noNextURL : .noNextCursor)
        }
        if let flag { return (flag, nextCursor, flag ? nil : .hasMoreFalse) }
        if usesLinkHeader, let link = Self.header("Link", in: headers) {
            let hasNext = LinkHeader.hasNext(link)
            return (hasNext, nextCursor, hasNext ? nil : .noNextURL)
        }
        let total = totalPaths.lazy.compactMap { json[keyPath: $0]?.lenientInt }.first
            ?? totalHeader.flatMap { Self.header($0, in: headers) }.flatMap { JSON.string($0).lenientInt }
        if let total {
            let hasMore = request.index * request.pageSize + count < total
            return (hasMore, nextCursor, hasMore ? nil : .totalReached)
        }
        let hasMore = count >= request.pageSize
        return (hasMore, nextCursor, hasMore ? nil : .shortPage)
    }

    /// What a first page that has items says about the config: each configured key path
    /// (`nextURL`, `nextCursor`, `hasMore`, `total`) that is not in it, which usually means a
    /// misspelt key rather than an API that omits it.
    func warnings(for json: JSON, request: PageRequest, count: Int) -> [String] {
        guard request.index == 0, count > 0 else { return [] }
        var checked: [(name: String, path: String, ends: Bool)] = []
        if paging == .next, let nextURLPath { checked.append(("nextURL", nextURLPath, true)) }
        if paging == .cursor, let nextCursorPath { checked.append(("nextCursor", nextCursorPath, true)) }
        if let hasMorePath { checked.append(("hasMore", hasMorePath, false)) }
        if !totalPaths.isEmpty, totalPaths.allSatisfy({ json[keyPath: $0] == nil }) {
            checked.append(("total", totalPaths.joined(separator: "', '"), false))
        }
        return checked.filter { $0.name == "total" || json[keyPath: $0.path] == nil }.map { key in
            "\(key.name) '\(key.path)' is not in the page" + (key.ends ? "; the list ends after page 1" : "")
        }
    }

    /// The next page's absolute URL: at `nextURLPath`, else in the `Link` header.
    private func nextURL(in json: JSON, headers: [String: String], pageURL: String) -> String? {
        let reference = nextURLPath != nil ? text(at: nextURLPath, in: json) : Self.header("Link", in: headers).flatMap(LinkHeader.nextTarget)
        guard let reference, !reference.isEmpty else { return nil }
        return URIReference.resolve(reference, against: pageURL)
    }

    private func text(at path: String?, in json: JSON) -> String? {
        guard let path, let text = json[keyPath: path]?.lenientString, !text.isEmpty else { return nil }
        return text
    }

    /// The value of header `name`, compared case-insensitively.
    static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

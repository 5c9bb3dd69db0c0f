import FeedModel
import JSON

extension SourceConfig {
    /// How the next page is addressed.
    public enum Paging: String, Sendable, CaseIterable {
        /// `{page}` counts pages from `firstPage`.
        case page
        /// `{offset}` counts items: `index * pageSize`.
        case offset
        /// `{cursor}` is the value the previous page gave at `nextCursorPath` or in
        /// `nextCursorHeader` (`firstCursor` at first).
        case cursor
        /// The next page is the URL the previous page gave at `nextURLPath`, or in its `Link`
        /// header's `rel="next"`: the URL is requested as given (resolved against the page's own,
        /// after redirects).
        case next
        /// The next request adds the members of the object the previous page gave at
        /// `nextQueryPath` to its query (MediaWiki's `continue`).
        case query
        /// The first answer holds the whole list; FeedVM shows it `pageSize` items at a time.
        case none
    }

    /// What follows a page.
    struct Continuation: Sendable, Equatable {
        /// Whether there is a next page.
        var hasMore: Bool
        /// What addresses it: a cursor, an absolute URL (next-URL paging), a continuation
        /// object's JSON text (query paging).
        var cursor: String?
        /// Why the list ends here, when it does.
        var endReason: EndReason?
        /// What looked wrong without failing the page.
        var warnings: [String] = []
    }

    /// The URLs that name the page just read: the one that listed the items (after redirects)
    /// and the one requested.
    typealias PageURLs = (listing: String, requested: String)

    /// What follows a page: whether there is more, what addresses it, and, at the end, why.
    ///
    /// First rule that applies: with `none` paging, the end of the whole list; an empty page
    /// ends the list; with cursor, next-URL or query paging, no cursor (`CursorValue`), or one
    /// that names a page already loaded in this list, ends it (else the has-more flag decides,
    /// when the body has one); the has-more flag; the `Link` header's `rel="next"` (when
    /// `usesLinkHeader` and the header is there); a total (body or header) reached; a page
    /// shorter than the page size.
    func continuation(
        of json: JSON, headers: [String: String], request: PageRequest, elements: ArraySlice<JSON>, listLength: Int,
        pageURLs: PageURLs, firstPageURL: String? = nil
    ) -> Continuation {
        if paging == .none {
            let end = request.index * request.pageSize + elements.count
            if elements.isEmpty { return Continuation(hasMore: false, endReason: .emptyPage) }
            return end < listLength ? Continuation(hasMore: true) : Continuation(hasMore: false, endReason: .totalReached)
        }
        let flag = hasMorePath.flatMap { ValuePath($0).value(in: json)?.lenientBool }
        var warnings = keyPathWarnings(for: json, request: request, count: elements.count)
        var next = nextCursor(in: json, headers: headers, last: elements.last, pageURL: pageURLs.listing, warnings: &warnings)
        var repeated = false
        if let cursor = next, let page = loadedPage(named: cursor, request: request, pageURLs: pageURLs, firstPageURL: firstPageURL) {
            let what = paging == .next ? "The next URL" : "The next cursor"
            warnings.append("\(what) names page \(page), already loaded: the list ends here rather than loop")
            (next, repeated) = (nil, true)
        }
        guard !elements.isEmpty else { return Continuation(hasMore: false, cursor: next, endReason: .emptyPage, warnings: warnings) }
        switch paging {
        case .cursor, .next, .query:
            if flag == false { return Continuation(hasMore: false, cursor: next, endReason: .hasMoreFalse, warnings: warnings) }
            if next != nil { return Continuation(hasMore: true, cursor: next, warnings: warnings) }
            let reason: EndReason = repeated ? .repeatedCursor : paging == .next ? .noNextURL : .noNextCursor
            return Continuation(hasMore: false, endReason: reason, warnings: warnings)
        case .page, .offset, .none:
            var result = countedContinuation(of: json, headers: headers, request: request, count: elements.count, flag: flag)
            result.cursor = next
            result.warnings = warnings
            return result
        }
    }

    /// What a first page that has items says about the config: each configured key path
    /// (`nextURL`, `nextCursor`, `hasMore`, `total`) that is not in it, which usually means a
    /// misspelt key rather than an API that omits it. Templates and headers are not checked.
    func keyPathWarnings(for json: JSON, request: PageRequest, count: Int) -> [String] {
        guard request.index == 0, count > 0 else { return [] }
        let isPath: (String) -> Bool = { !Template($0).hasPlaceholders }
        var checked: [(name: String, path: String, ends: Bool)] = []
        if paging == .next, let nextURLPath, isPath(nextURLPath) { checked.append(("nextURL", nextURLPath, true)) }
        if paging == .cursor, let nextCursorPath, isPath(nextCursorPath), nextCursorHeader == nil {
            checked.append(("nextCursor", nextCursorPath, true))
        }
        if let hasMorePath { checked.append(("hasMore", hasMorePath, false)) }
        if !totalPaths.isEmpty, totalPaths.allSatisfy({ ValuePath($0).value(in: json) == nil }) {
            checked.append(("total", totalPaths.joined(separator: "', '"), false))
        }
        return checked.filter { $0.name == "total" || ValuePath($0.path).value(in: json) == nil }.map { key in
            "\(key.name) '\(key.path)' is not in the page" + (key.ends ? "; the list ends after page 1" : "")
        }
    }

    /// Page and offset paging: the flag, the `Link` header, a total, or a short page.
    private func countedContinuation(of json: JSON, headers: [String: String], request: PageRequest, count: Int, flag: Bool?) -> Continuation {
        if let flag { return Continuation(hasMore: flag, endReason: flag ? nil : .hasMoreFalse) }
        if usesLinkHeader, let link = Self.header("Link", in: headers) {
            let hasNext = LinkHeader.hasNext(link)
            return Continuation(hasMore: hasNext, endReason: hasNext ? nil : .noNextURL)
        }
        let total = totalPaths.lazy.compactMap { ValuePath($0).value(in: json)?.lenientInt }.first
            ?? totalHeader.flatMap { Self.header($0, in: headers) }.flatMap { JSON.string($0).lenientInt }
        if let total {
            let hasMore = request.index * request.pageSize + count < total
            return Continuation(hasMore: hasMore, endReason: hasMore ? nil : .totalReached)
        }
        let hasMore = count >= request.pageSize
        return Continuation(hasMore: hasMore, endReason: hasMore ? nil : .shortPage)
    }

    /// The number (from 1) of the page already loaded in this list that `cursor` names, if any:
    /// the first page (its URL, or `firstCursor`), a page loaded since, or this one (after a
    /// redirect, either of its URLs).
    private func loadedPage(named cursor: String, request: PageRequest, pageURLs: PageURLs, firstPageURL: String?) -> Int? {
        if request.cursor == cursor || (paging == .next && (cursor == pageURLs.listing || cursor == pageURLs.requested)) {
            return request.index + 1
        }
        if let position = request.loadedCursors.firstIndex(of: cursor) { return position + 2 }
        let first = paging == .next ? firstPageURL : paging == .cursor && !firstCursor.isEmpty ? firstCursor : nil
        return first == cursor ? 1 : nil
    }

    /// What addresses the next page, as the paging mode reads it; `nil` for none.
    private func nextCursor(in json: JSON, headers: [String: String], last: JSON?, pageURL: String, warnings: inout [String]) -> String? {
        let scope = ValueScope(current: json, root: json, last: last)
        func read(_ name: String, _ path: String?) -> String? {
            guard let path else { return nil }
            let template = Template(path)
            if template.hasPlaceholders { return ValueTemplate(template).rendered(in: scope) }
            return taken(CursorValue(ValuePath(path).value(in: json)), name, path, &warnings)
        }
        switch paging {
        case .next:
            let reference = nextURLPath != nil ? read("nextURL", nextURLPath) : Self.header("Link", in: headers).flatMap(LinkHeader.nextTarget)
            guard let reference, !reference.isEmpty else { return nil }
            return URIReference.resolve(reference, against: pageURL)
        case .query:
            guard let path = nextQueryPath else { return nil }
            return taken(CursorValue.continuation(ValuePath(path).value(in: json)), "nextQuery", path, &warnings)
        case .cursor, .page, .offset, .none:
            let header = nextCursorHeader.flatMap { Self.header($0, in: headers) }.flatMap { $0.isEmpty ? nil : $0 }
            return read("nextCursor", nextCursorPath) ?? header
        }
    }

    /// The cursor `value` holds; a value that cannot be one is noted in `warnings`.
    private func taken(_ value: CursorValue, _ name: String, _ path: String, _ warnings: inout [String]) -> String? {
        switch value {
        case .cursor(let text): return text
        case .end: return nil
        case .invalid(let what):
            warnings.append("\(name) '\(path)' is \(what), not a cursor: the list ends after this page")
            return nil
        }
    }

    /// The value of header `name`, compared case-insensitively.
    static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

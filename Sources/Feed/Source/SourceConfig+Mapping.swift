import JSON

extension SourceConfig {
    /// The page an answer describes, or the failure it reports.
    ///
    /// End of list, first rule that applies: a has-more flag; a next cursor (cursor paging;
    /// null or empty ends); a `Link` header without `rel="next"`; a total (body or header)
    /// reached; otherwise a page shorter than the page size. An empty page always ends.
    public func page(
        body: [UInt8], statusCode: Int, headers: [String: String], request: PageRequest, url: String
    ) throws(FeedError) -> FeedPage {
        let json = try? JSON.parse(body)
        guard (200..<300).contains(statusCode) else {
            throw FeedError.server(message: json.flatMap(message(in:)) ?? "HTTP \(statusCode)", status: statusCode, url: url)
        }
        guard let json else { throw FeedError.decoding(message: "The answer is not JSON", url: url) }
        if let flagPath = errorFlagPath, json[keyPath: flagPath]?.lenientBool == true {
            throw FeedError.server(message: message(in: json) ?? "The server reported an error", status: statusCode, url: url)
        }
        if let codePath, json[keyPath: codePath] != successCode {
            let code = json[keyPath: codePath]?.jsonString ?? "missing"
            throw FeedError.server(message: message(in: json) ?? "Unexpected code \(code)", status: statusCode, url: url)
        }
        guard let array = json[keyPath: itemsPath]?.arrayValue else {
            throw FeedError.decoding(message: "No item array at \(itemsPath.isEmpty ? "the top level" : itemsPath)", url: url)
        }
        let items = array.compactMap(fields.item(from:))
        let nextCursor = nextCursorPath.flatMap { json[keyPath: $0]?.lenientString }.flatMap { $0.isEmpty ? nil : $0 }
        return FeedPage(
            items: items, hasMore: hasMore(json, headers, request, rawCount: array.count, nextCursor: nextCursor),
            nextCursor: nextCursor)
    }

    private func hasMore(_ json: JSON, _ headers: [String: String], _ request: PageRequest, rawCount: Int, nextCursor: String?) -> Bool {
        guard rawCount > 0 else { return false }
        if let hasMorePath, let flag = json[keyPath: hasMorePath]?.lenientBool { return flag }
        if paging == .cursor { return nextCursor != nil }
        if usesLinkHeader, let link = Self.header("Link", in: headers) { return LinkHeader.hasNext(link) }
        let total = totalPaths.lazy.compactMap { json[keyPath: $0]?.lenientInt }.first
            ?? totalHeader.flatMap { Self.header($0, in: headers) }.flatMap { Int($0) }
        if let total { return request.index * request.pageSize + rawCount < total }
        return rawCount >= request.pageSize
    }

    private func message(in json: JSON) -> String? {
        // Strict strings only: `"error": true` is a flag, not a message to show.
        messagePaths.lazy.compactMap { json[keyPath: $0]?.stringValue }.first { !$0.isEmpty }
    }

    static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

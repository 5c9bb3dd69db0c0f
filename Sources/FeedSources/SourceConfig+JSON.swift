import FeedModel
import JSON
import Network

extension SourceConfig {
    /// The members of the `custom` object, in documentation order (protocol/README.md §5).
    static let members = [
        "url", "firstURL", "method", "body", "query", "headers", "paging", "firstPage", "firstCursor", "items", "total",
        "totalHeader", "hasMore", "nextCursor", "nextCursorHeader", "nextURL", "nextQuery", "linkHeader", "errorFlag", "code",
        "successCode", "message", "fields", "detail", "oauth2", "rateLimit",
    ]

    /// Reads a custom source from the input object at `field`:
    ///
    /// ```json
    /// {"url": "https://api.example.com/v1/{category}/items", "query": {"page": "{page}", "limit": "{pageSize}"},
    ///  "headers": {"Accept": "application/json"}, "paging": "page", "firstPage": 1,
    ///  "items": "data.list", "total": "data.total", "fields": {"id": "id", "title": ["title", "name"], "imageURL": "image.url"}}
    /// ```
    /// Only `url` and `fields.id` are required. Unknown members, unknown placeholders in the
    /// request templates, and templates over the size limits are errors naming the member: a
    /// typo must fail loudly, and no config may cost more than reading it.
    public init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: Set(Self.members))
        guard let url = try Self.urlTemplate(reader, "url") else { throw FeedInputError(field: reader.path("url"), reason: "is required") }
        guard let fieldsJSON = reader.object["fields"] else { throw FeedInputError(field: reader.path("fields"), reason: "is required") }
        self.init(urlTemplate: url, fields: try FieldMap(json: fieldsJSON, field: reader.path("fields")))
        firstURLTemplate = try Self.urlTemplate(reader, "firstURL")
        query = try reader.stringMap("query") ?? [:]
        headers = try reader.headerMap("headers") ?? [:]
        try readMethodAndBody(reader)
        if let pagingName = try reader.string("paging") {
            guard let paging = Paging(rawValue: pagingName) else {
                throw FeedInputError(field: reader.path("paging"), reason: "must be one of \(Paging.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(pagingName)\"")
            }
            self.paging = paging
        }
        firstPage = try reader.int("firstPage", in: 0...1) ?? 1
        firstCursor = try reader.string("firstCursor") ?? ""
        try readAnswerPaths(reader)
        detail = try reader.object["detail"].flatMap { json throws(FeedInputError) in
            json.isNull ? nil : try DetailRequest(json: json, field: reader.path("detail"))
        }
        clientCredentials = try reader.object["oauth2"].flatMap { json throws(FeedInputError) in
            json.isNull ? nil : try ClientCredentials(json: json, field: reader.path("oauth2"))
        }
        rateLimit = try reader.object["rateLimit"].flatMap { json throws(FeedInputError) in
            json.isNull ? nil : try RateLimit(json: json, field: reader.path("rateLimit"))
        }
        try checkPagingMembers(reader)
        try checkTemplates(field: field)
    }

    /// The key paths that read the answer, each within the template limits.
    private mutating func readAnswerPaths(_ reader: JSONFieldReader) throws(FeedInputError) {
        func path(_ key: String) throws(FeedInputError) -> String? {
            guard let text = try reader.string(key) else { return nil }
            _ = try Template.checked(text, field: reader.path(key))
            return text
        }
        func paths(_ key: String) throws(FeedInputError) -> [String]? {
            guard let list = try reader.keyPaths(key) else { return nil }
            for (index, text) in list.enumerated() {
                _ = try Template.checked(text, field: list.count == 1 ? reader.path(key) : "\(reader.path(key)).\(index)")
            }
            return list
        }
        itemsPath = try path("items") ?? ""
        totalPaths = try paths("total") ?? []
        totalHeader = try reader.string("totalHeader")
        hasMorePath = try path("hasMore")
        nextCursorPath = try path("nextCursor")
        nextCursorHeader = try reader.string("nextCursorHeader")
        nextURLPath = try path("nextURL")
        nextQueryPath = try path("nextQuery")
        usesLinkHeader = try reader.bool("linkHeader") ?? false
        errorFlagPath = try path("errorFlag")
        codePath = try path("code")
        successCode = try reader.scalar("successCode") ?? 0
        messagePaths = try paths("message") ?? messagePaths
    }

    /// What each paging mode needs, and the templates only next cursors and next URLs may be.
    private func checkPagingMembers(_ reader: JSONFieldReader) throws(FeedInputError) {
        if paging == .cursor && nextCursorPath == nil && nextCursorHeader == nil {
            throw FeedInputError(field: reader.path("nextCursor"), reason: "(or nextCursorHeader) is required for cursor paging")
        }
        if paging == .query && nextQueryPath == nil {
            throw FeedInputError(field: reader.path("nextQuery"), reason: "is required for query paging")
        }
        if nextQueryPath != nil && paging != .query {
            throw FeedInputError(field: reader.path("nextQuery"), reason: "needs \"paging\": \"query\"")
        }
        let plainPaths: [(String, String?)] = [("items", itemsPath), ("hasMore", hasMorePath), ("nextQuery", nextQueryPath),
                                               ("errorFlag", errorFlagPath), ("code", codePath)]
        for (key, text) in plainPaths where text.map({ Template($0).hasPlaceholders }) == true {
            throw FeedInputError(field: reader.path(key), reason: "must be a key path, not a template (templates are for nextCursor, nextURL and fields)")
        }
    }

    private static func urlTemplate(_ reader: JSONFieldReader, _ key: String) throws(FeedInputError) -> String? {
        guard let url = try reader.string(key) else { return nil }
        guard URLScheme.isHTTP(url) || url.hasPrefix("{baseURL}") else {
            throw FeedInputError(field: reader.path(key), reason: "must start with http://, https:// or {baseURL}")
        }
        return url
    }

    private mutating func readMethodAndBody(_ reader: JSONFieldReader) throws(FeedInputError) {
        if let name = try reader.string("method") {
            guard name == "GET" || name == "POST" else {
                throw FeedInputError(field: reader.path("method"), reason: "must be GET or POST, got \"\(name)\"")
            }
            method = HTTPMethod(rawValue: name)
        }
        guard let body = reader.object["body"], !body.isNull else { return }
        guard body.objectValue != nil || body.arrayValue != nil else {
            throw FeedInputError(field: reader.path("body"), reason: "must be a JSON object or array")
        }
        guard method == .post else { throw FeedInputError(field: reader.path("body"), reason: "needs \"method\": \"POST\"") }
        bodyTemplate = body
    }

    /// Fails naming the first member whose template is over the limits or has a placeholder
    /// it may not use (`{pg}`): sent as is, it would only fail later as an HTTP 404. Request
    /// templates use `placeholders`; the detail request's may also read the listed value
    /// (`{@}`, `{@.path}`) and the list's root (`{$.path}`).
    private func checkTemplates(field: String) throws(FeedInputError) {
        var templates: [(member: String, text: String, readsItem: Bool)] = [("url", urlTemplate, false)]
        if let firstURLTemplate { templates.append(("firstURL", firstURLTemplate, false)) }
        templates += query.sorted { $0.key < $1.key }.map { ("query.\($0.key)", $0.value, false) }
        templates += headers.sorted { $0.key < $1.key }.map { ("headers.\($0.key)", $0.value, false) }
        if let bodyTemplate { templates += Self.strings(in: bodyTemplate, path: "body").map { ($0.0, $0.1, false) } }
        if let detail {
            templates.append(("detail.url", detail.urlTemplate, true))
            templates += detail.query.sorted { $0.key < $1.key }.map { ("detail.query.\($0.key)", $0.value, true) }
        }
        let known = Set(Self.placeholders)
        for (member, text, readsItem) in templates {
            let template = try Template.checked(text, field: "\(field).\(member)")
            let allowed: (Substring) -> Bool = { name in
                known.contains(String(name)) || (readsItem && ValueReference.isScoped(name) && !ValueReference.readsLastItem(name))
            }
            if let unknown = template.placeholders.first(where: { !allowed($0) }) {
                let extra = readsItem ? ", {@}, {@.path}, {$.path}" : ""
                throw FeedInputError(
                    field: "\(field).\(member)",
                    reason: "has an unknown placeholder {\(unknown)} (known: \(Self.placeholders.map { "{\($0)}" }.joined(separator: ", "))\(extra))")
            }
        }
    }

    /// Every string value in `json` with its key path under `path`.
    private static func strings(in json: JSON, path: String) -> [(String, String)] {
        switch json {
        case .string(let text): return [(path, text)]
        case .array(let elements): return elements.enumerated().flatMap { strings(in: $1, path: "\(path).\($0)") }
        case .object(let object): return object.flatMap { strings(in: $0.value, path: "\(path).\($0.key)") }
        default: return []
        }
    }
}

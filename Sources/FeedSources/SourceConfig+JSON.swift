import JSON
import Network

extension SourceConfig {
    /// The members of the `custom` object, in documentation order (protocol/README.md §5).
    static let members = [
        "url", "firstURL", "method", "body", "query", "headers", "paging", "firstPage", "firstCursor", "items", "total",
        "totalHeader", "hasMore", "nextCursor", "nextURL", "linkHeader", "errorFlag", "code", "successCode", "message", "fields",
    ]

    /// Reads a custom source from the input object at `field`:
    ///
    /// ```json
    /// {"url": "https://api.example.com/v1/{category}/items", "query": {"page": "{page}", "limit": "{pageSize}"},
    ///  "headers": {"Accept": "application/json"}, "paging": "page", "firstPage": 1,
    ///  "items": "data.list", "total": "data.total", "fields": {"id": "id", "title": ["title", "name"], "imageURL": "image.url"}}
    /// ```
    /// Only `url` and `fields.id` are required. Unknown members, and unknown placeholders in
    /// the request templates, are errors naming the member: a typo must fail loudly.
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
        itemsPath = try reader.string("items") ?? ""
        totalPaths = try reader.keyPaths("total") ?? []
        totalHeader = try reader.string("totalHeader")
        hasMorePath = try reader.string("hasMore")
        nextCursorPath = try reader.string("nextCursor")
        nextURLPath = try reader.string("nextURL")
        usesLinkHeader = try reader.bool("linkHeader") ?? false
        errorFlagPath = try reader.string("errorFlag")
        codePath = try reader.string("code")
        successCode = try reader.scalar("successCode") ?? 0
        messagePaths = try reader.keyPaths("message") ?? messagePaths
        if paging == .cursor && nextCursorPath == nil {
            throw FeedInputError(field: reader.path("nextCursor"), reason: "is required for cursor paging")
        }
        try checkPlaceholders(field: field)
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

    /// Fails naming the first member whose template has a placeholder that is not one of
    /// `placeholders` (`{pg}`): sent as is, it would only fail later as an HTTP 404.
    private func checkPlaceholders(field: String) throws(FeedInputError) {
        var templates: [(String, String)] = [("url", urlTemplate)]
        if let firstURLTemplate { templates.append(("firstURL", firstURLTemplate)) }
        templates += query.sorted { $0.key < $1.key }.map { ("query.\($0.key)", $0.value) }
        templates += headers.sorted { $0.key < $1.key }.map { ("headers.\($0.key)", $0.value) }
        if let bodyTemplate { templates += Self.strings(in: bodyTemplate, path: "body") }
        let known = Set(Self.placeholders)
        for (member, text) in templates {
            if let unknown = Template(text).placeholders.first(where: { !known.contains(String($0)) }) {
                throw FeedInputError(
                    field: "\(field).\(member)",
                    reason: "has an unknown placeholder {\(unknown)} (known: \(Self.placeholders.map { "{\($0)}" }.joined(separator: ", ")))")
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

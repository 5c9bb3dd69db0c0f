import JSON
import Network

/// A declarative HTTP feed source: where pages are, how they are paged, where the items and the
/// end-of-list signals sit in the answer, and how an item maps to a `FeedItem`.
///
/// `gank`, `unsplash`, `envelope` and the offline `stub` are presets of it
/// (`SourceConfig+Presets.swift`); `custom` reads one from the input (`init(json:field:)`).
public struct SourceConfig: Sendable, Equatable {
    /// How the next page is addressed.
    public enum Paging: String, Sendable, CaseIterable {
        /// `{page}` counts pages from `firstPage`.
        case page
        /// `{offset}` counts items: `index * pageSize`.
        case offset
        /// `{cursor}` is the previous page's next cursor.
        case cursor
    }

    /// The URL with placeholders `{baseURL}`, `{category}`, `{page}`, `{pageSize}`, `{offset}`,
    /// `{cursor}`, `{accessKey}`. Substituted values are percent-encoded (except `{baseURL}`).
    public var urlTemplate: String
    /// Query parameters (values may hold placeholders); a parameter whose value comes out empty is left out.
    public var query: [String: String] = [:]
    /// Request headers (values may hold placeholders).
    public var headers: [String: String] = [:]
    /// How pages are addressed.
    public var paging: Paging = .page
    /// The API's number of the first page, 0 or 1.
    public var firstPage: Int = 1
    /// Key path of the item array; empty when the body is the array.
    public var itemsPath: String = ""
    /// Key paths of the total item count in the body.
    public var totalPaths: [String] = []
    /// A header carrying the total item count, e.g. `X-Total`.
    public var totalHeader: String?
    /// Key path of a has-more flag.
    public var hasMorePath: String?
    /// Key path of the next cursor; null or absent means the end.
    public var nextCursorPath: String?
    /// Read end of list from the `Link` header (`rel="next"`) when it is present.
    public var usesLinkHeader = false
    /// Key path of a flag that is true on failure (gank's `error`).
    public var errorFlagPath: String?
    /// Key path of a business code, and the value that means success (the envelope's `code`).
    public var codePath: String?
    /// The success value of `codePath`.
    public var successCode: JSON = 0
    /// Key paths of the server's error message, tried in order.
    public var messagePaths: [String] = ["msg", "message", "error_description", "errors.0", "error"]
    /// Where each item field is.
    public var fields: FieldMap

    /// A config for `urlTemplate` mapping items with `fields`; adjust the rest with property assignments.
    public init(urlTemplate: String, fields: FieldMap) {
        self.urlTemplate = urlTemplate
        self.fields = fields
    }
}

extension SourceConfig {
    /// Reads a custom source from the input object at `field`:
    ///
    /// ```json
    /// {"url": "https://api.example.com/v1/{category}/items", "query": {"page": "{page}", "limit": "{pageSize}"},
    ///  "headers": {"Accept": "application/json"}, "paging": "page", "firstPage": 1,
    ///  "items": "data.list", "total": "data.total", "totalHeader": "X-Total", "hasMore": "data.has_more",
    ///  "nextCursor": "next", "linkHeader": false, "errorFlag": "error", "code": "code", "successCode": 0,
    ///  "message": ["msg"], "fields": {"id": "id", "title": ["title", "name"], "imageURL": "image.url"}}
    /// ```
    /// Only `url` and `fields` (with `id` and `imageURL`) are required.
    public init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: [
            "url", "query", "headers", "paging", "firstPage", "items", "total", "totalHeader", "hasMore", "nextCursor",
            "linkHeader", "errorFlag", "code", "successCode", "message", "fields",
        ])
        guard let url = try reader.string("url") else { throw FeedInputError(field: reader.path("url"), reason: "is required") }
        guard URLScheme.isHTTP(url) || url.hasPrefix("{baseURL}") else {
            throw FeedInputError(field: reader.path("url"), reason: "must start with http://, https:// or {baseURL}")
        }
        guard let fieldsJSON = reader.object["fields"] else { throw FeedInputError(field: reader.path("fields"), reason: "is required") }
        self.init(urlTemplate: url, fields: try FieldMap(json: fieldsJSON, field: reader.path("fields")))
        query = try reader.stringMap("query") ?? [:]
        headers = try reader.headerMap("headers") ?? [:]
        if let pagingName = try reader.string("paging") {
            guard let paging = Paging(rawValue: pagingName) else {
                throw FeedInputError(field: reader.path("paging"), reason: "must be one of page, offset, cursor")
            }
            self.paging = paging
        }
        firstPage = try reader.int("firstPage", in: 0...1) ?? 1
        itemsPath = try reader.string("items") ?? ""
        totalPaths = try reader.keyPaths("total") ?? []
        totalHeader = try reader.string("totalHeader")
        hasMorePath = try reader.string("hasMore")
        nextCursorPath = try reader.string("nextCursor")
        usesLinkHeader = try reader.bool("linkHeader") ?? false
        errorFlagPath = try reader.string("errorFlag")
        codePath = try reader.string("code")
        successCode = reader.object["successCode"] ?? 0
        messagePaths = try reader.keyPaths("message") ?? messagePaths
        if paging == .cursor && nextCursorPath == nil {
            throw FeedInputError(field: reader.path("nextCursor"), reason: "is required for cursor paging")
        }
    }
}

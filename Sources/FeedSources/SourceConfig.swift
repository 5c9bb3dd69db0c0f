import FeedModel
import JSON
import Network

/// A declarative HTTP feed source: where pages are, how they are paged, where the items and the
/// end-of-list signals sit in the answer, and how an item maps to a `FeedItem`.
///
/// `gank`, `unsplash`, `envelope` and the offline `stub` are presets of it
/// (`SourceConfig+Presets.swift`); `custom` reads one from the input (`SourceConfig+JSON.swift`).
/// Requests are built in `SourceConfig+Request.swift` and `+Body.swift`, answers read in
/// `+Mapping.swift`, the end of the list found in `+Paging.swift`.
public struct SourceConfig: Sendable, Equatable {
    /// The URL of every page, with placeholders `{baseURL}`, `{category}`, `{page}`,
    /// `{pageSize}`, `{offset}`, `{cursor}`, `{accessKey}` (`SourceConfig.placeholders`).
    /// Substituted values are percent-encoded (except `{baseURL}`).
    public var urlTemplate: String
    /// The URL of the first page, when it differs from the others' (`news/latest`, then
    /// `news/before/{cursor}`).
    public var firstURLTemplate: String?
    /// `GET`, or `POST` to send `bodyTemplate`.
    public var method: HTTPMethod = .get
    /// A JSON body sent as `application/json`, with placeholders inside its strings.
    public var bodyTemplate: JSON?
    /// Query parameters (values may hold placeholders); a parameter whose value comes out empty is left out.
    public var query: [String: String] = [:]
    /// Request headers (values may hold placeholders).
    public var headers: [String: String] = [:]
    /// How pages are addressed.
    public var paging: Paging = .page
    /// The API's number of the first page, 0 or 1.
    public var firstPage: Int = 1
    /// `{cursor}` on the first page, for cursor paging.
    public var firstCursor: String = ""
    /// Key path of the item array; empty when the body is the array.
    public var itemsPath: String = ""
    /// Key paths of the total item count in the body.
    public var totalPaths: [String] = []
    /// A header carrying the total item count, e.g. `X-Total`.
    public var totalHeader: String?
    /// Key path of a has-more flag.
    public var hasMorePath: String?
    /// Key path of the next cursor, for cursor paging, or a template over the page's values
    /// (`b{$last.id}`); `null`, `false`, `0`, `""` or absent means the end (`CursorValue`).
    public var nextCursorPath: String?
    /// A header carrying the next cursor (`X-Next-Cursor`), for cursor paging.
    public var nextCursorHeader: String?
    /// Key path (or template) of the next page's URL, for next-URL paging; without it, the
    /// `Link` header's `rel="next"` is followed.
    public var nextURLPath: String?
    /// Key path of an object whose members the next request adds to its query, for query
    /// paging (MediaWiki's `continue`).
    public var nextQueryPath: String?
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
    /// One more request per item, when the page lists only ids.
    public var detail: DetailRequest?
    /// The OAuth2 client-credentials grant whose bearer token authorizes every request.
    public var clientCredentials: ClientCredentials?
    /// The request budget page and detail requests share.
    public var rateLimit: RateLimit?

    /// A config for `urlTemplate` mapping items with `fields`; adjust the rest with property assignments.
    public init(urlTemplate: String, fields: FieldMap) {
        self.urlTemplate = urlTemplate
        self.fields = fields
    }
}

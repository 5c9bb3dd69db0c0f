import JSON
import Network

/// One more request per listed item, for APIs whose lists hold only ids (Hacker News'
/// `topstories.json` then `item/{id}.json`; The Met's `objectIDs` then `objects/{id}`).
///
/// Each item of a page is fetched from `urlTemplate` (request placeholders, plus `{@}` for the
/// listed value itself, `{@.path}` for a member of it and `{$.path}` for the list's root; see
/// `ValueReference`), at most `concurrency` at a time, and the page keeps the list's order. The
/// config's `fields` map the detail answer (at `itemPath`). A failed detail drops its item with
/// a warning, not the page, as Airbyte's substream partition router does; only a page whose
/// every detail failed fails, with the first failure.
public struct DetailRequest: Sendable, Equatable {
    /// The detail URL of one item.
    public var urlTemplate: String
    /// Query parameters of the detail request (templates as `urlTemplate`).
    public var query: [String: String] = [:]
    /// Key path of the item in the detail answer; empty when the answer is the item.
    public var itemPath: String = ""
    /// The most detail requests in flight at once.
    public var concurrency: Int = DetailRequest.defaultConcurrency

    /// The default of `concurrency`.
    public static let defaultConcurrency = 4
    /// The range `concurrency` may take.
    public static let concurrencyRange = 1...16

    /// Details from `urlTemplate`.
    public init(urlTemplate: String) {
        self.urlTemplate = urlTemplate
    }

    /// Reads `{"url", "query"?, "item"?, "concurrency"?}` at `field`.
    init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: ["url", "query", "item", "concurrency"])
        guard let url = try reader.string("url") else { throw FeedInputError(field: reader.path("url"), reason: "is required") }
        guard URLScheme.isHTTP(url) || url.hasPrefix("{baseURL}") else {
            throw FeedInputError(field: reader.path("url"), reason: "must start with http://, https:// or {baseURL}")
        }
        self.init(urlTemplate: url)
        query = try reader.stringMap("query") ?? [:]
        itemPath = try reader.string("item") ?? ""
        concurrency = try reader.int("concurrency", in: Self.concurrencyRange) ?? Self.defaultConcurrency
    }
}

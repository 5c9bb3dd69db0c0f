import FeedModel
import FeedSources
import JSON
import Network

/// What a session is a view of: the `input` of `transform` (and of `updateInput`).
///
/// ```json
/// {"source": "stub", "category": "all", "pageSize": 10, "baseURL": "...", "accessKey": "...",
///  "total": 95, "headers": {"uid": "1"}, "stubDelayMs": 300, "prefetchDistance": 3, "prefetchImages": 6,
///  "hud": true, "successCode": 0, "auth": {...}, "custom": {...}, "retry": {"maxAttempts": 3}, "maxPages": 50,
///  "staleAfterMs": 0, "refreshIntervalMs": 60000, "autoShowNew": false}
/// ```
/// Unknown members are ignored so newer clients keep working; known members are checked and a
/// bad one is reported by name (`input.pageSize: must be between 1 and 100, got 0`).
///
/// An input is only ever read from its members (`init(json:)`, `merging(_:)`), so what it says
/// and the members it keeps for the next `merging` never disagree.
public struct FeedInput: Sendable {
    /// The built-in sources.
    public enum Source: String, Sendable, CaseIterable {
        case stub, gank, unsplash, envelope, custom
    }

    /// Where pages come from.
    public private(set) var source: Source = .stub
    /// The category; for `stub` one of `StubCatalog.categories`.
    public private(set) var category = "all"
    /// Items per page, 1...100.
    public private(set) var pageSize = 10
    /// The API root (gank/unsplash have defaults; envelope needs one).
    public private(set) var baseURL = StubCatalog.baseURL
    /// The Unsplash access key (`{accessKey}`).
    public private(set) var accessKey = ""
    /// The stub catalog's size per category.
    public private(set) var total = StubCatalog.defaultTotal
    /// Common headers added to every page request (e.g. uid/token).
    public private(set) var headers: [String: String] = [:]
    /// Latency of stubbed answers in seconds; `nil` answers at once.
    public private(set) var stubDelay: Double?
    /// How close to the end `willDisplay` must get to load the next page.
    public private(set) var prefetchDistance = 3
    /// How many rows ahead of each `willDisplay`, in the scroll direction, have their images
    /// prefetched at low priority.
    public private(set) var prefetchImages = FeedInput.defaultPrefetchImages
    /// Whether loads report `hud` messages.
    public private(set) var showsHUD = true
    /// How old a stored list may be, in milliseconds, before opening it reloads it (0: always).
    public private(set) var staleAfterMs = 0
    /// How often a bound session reloads itself in the background, in milliseconds (0: never).
    public private(set) var refreshIntervalMs = 0
    /// Whether a background reload's new items are shown at once instead of announced.
    public private(set) var autoShowNew = false
    /// The resolved source mechanism.
    public private(set) var config: SourceConfig = .stub
    /// How failed page and image loads are retried (`"retry"`).
    public private(set) var retryPolicy = RetryPolicy.standard
    /// The most pages a list loads before it ends with `pageLimit` (`"maxPages"`); `nil` for no limit.
    public private(set) var maxPages: Int?
    /// The envelope source's token renewal (`"auth"`), when configured.
    public private(set) var tokenRenewal: TokenRenewal?
    /// The members it was read from, unknown ones included: what `merging(_:)` merges into.
    public private(set) var members = JSONObject()

    /// The default of `prefetchImages`: about half a phone screen of rows, 300 ms ahead of a
    /// scroll of 20 rows a second.
    public static let defaultPrefetchImages = 6

    /// The default input: the stub catalog, category `all`, pages of 10.
    public init() {}

    /// Reads and validates `json` (the `input` object).
    public init(json: JSON) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: "input")
        members = reader.object
        if let name = try reader.string("source") {
            guard let source = Source(rawValue: name) else {
                throw FeedInputError(field: "input.source", reason: "must be one of \(Source.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"")
            }
            self.source = source
        }
        category = try reader.string("category") ?? "all"
        pageSize = try reader.int("pageSize", in: 1...100) ?? 10
        accessKey = try reader.string("accessKey") ?? ""
        total = try reader.int("total", in: 0...1_000_000) ?? StubCatalog.defaultTotal
        headers = try reader.headerMap("headers") ?? [:]
        stubDelay = try reader.int("stubDelayMs", in: 0...60_000).map { Double($0) / 1000 }
        prefetchDistance = try reader.int("prefetchDistance", in: 0...1000) ?? 3
        prefetchImages = try reader.int("prefetchImages", in: 0...100) ?? Self.defaultPrefetchImages
        showsHUD = try reader.bool("hud") ?? true
        retryPolicy = try RetryPolicy(inputMember: reader.object["retry"], field: reader.path("retry"))
        maxPages = try reader.int("maxPages", in: 1...1_000_000)
        staleAfterMs = try reader.int("staleAfterMs", in: 0...(366 * 86_400_000)) ?? 0
        refreshIntervalMs = try reader.int("refreshIntervalMs", in: 0...86_400_000) ?? 0
        if refreshIntervalMs > 0 && refreshIntervalMs < 1000 {
            throw FeedInputError(field: "input.refreshIntervalMs", reason: "must be 0 (off) or at least 1000, got \(refreshIntervalMs)")
        }
        autoShowNew = try reader.bool("autoShowNew") ?? false
        let explicitBaseURL = try reader.string("baseURL")

        switch source {
        case .stub:
            guard StubCatalog.categories.contains(category) else {
                throw FeedInputError(field: "input.category", reason: "must be one of \(StubCatalog.categories.joined(separator: ", ")) for the stub source, got \"\(category)\"")
            }
            baseURL = StubCatalog.baseURL
            config = .stub
        case .gank:
            baseURL = explicitBaseURL ?? "https://gank.io/api/data/"
            config = .gank
        case .unsplash:
            baseURL = explicitBaseURL ?? "https://api.unsplash.com/"
            guard !accessKey.isEmpty else { throw FeedInputError(field: "input.accessKey", reason: "is required for the unsplash source") }
            config = .unsplash
        case .envelope:
            guard let explicitBaseURL else { throw FeedInputError(field: "input.baseURL", reason: "is required for the envelope source") }
            baseURL = explicitBaseURL
            config = .envelope(successCode: try reader.scalar("successCode") ?? 0)
            tokenRenewal = try reader.object["auth"].map { json throws(FeedInputError) in try TokenRenewal(json: json, field: "input.auth") }
        case .custom:
            guard let custom = reader.object["custom"] else { throw FeedInputError(field: "input.custom", reason: "is required for the custom source") }
            baseURL = explicitBaseURL ?? ""
            config = try SourceConfig(json: custom, field: "input.custom")
        }
        if source != .stub && (source != .custom || !baseURL.isEmpty) {
            guard URLScheme.isHTTP(baseURL) else {
                let scheme = baseURL.firstIndex(of: ":").map { baseURL[..<$0].lowercased() }
                throw FeedInputError(field: "input.baseURL", reason: "must be an http or https URL, got \"\(baseURL)\"", refusedScheme: scheme)
            }
        }
        for (name, value) in headers { config.headers[name] = value }
        if source != .stub {
            try config.checkURLs(context: context, category: category, pageSize: pageSize, field: source == .custom ? "input.custom" : nil)
        }
    }

    /// This input with `changes` merged in (`updateInput`, a category switch): each member given
    /// replaces the one of its name, the others stay, and the result is read and checked anew.
    public func merging(_ changes: JSONObject) throws(FeedInputError) -> FeedInput {
        var merged = members
        for (key, value) in changes { merged[key] = value }
        return try FeedInput(json: .object(merged))
    }

    /// The placeholder values of this input.
    public var context: SourceConfig.Context { .init(baseURL: baseURL, accessKey: accessKey) }

    /// The request for page `index`.
    public func pageRequest(index: Int, cursor: String?) -> PageRequest {
        PageRequest(index: index, pageSize: pageSize, category: category, cursor: cursor)
    }
}

extension FeedInput: Equatable {
    /// Inputs are equal when they describe the same feed, however their members were written
    /// (`{}` and `{"pageSize": 10}` are equal): an update to an equal input changes nothing.
    public static func == (lhs: FeedInput, rhs: FeedInput) -> Bool {
        lhs.source == rhs.source && lhs.category == rhs.category && lhs.pageSize == rhs.pageSize && lhs.baseURL == rhs.baseURL
            && lhs.accessKey == rhs.accessKey && lhs.total == rhs.total && lhs.headers == rhs.headers
            && lhs.stubDelay == rhs.stubDelay && lhs.prefetchDistance == rhs.prefetchDistance && lhs.showsHUD == rhs.showsHUD
            && lhs.prefetchImages == rhs.prefetchImages
            && lhs.staleAfterMs == rhs.staleAfterMs && lhs.refreshIntervalMs == rhs.refreshIntervalMs && lhs.autoShowNew == rhs.autoShowNew
            && lhs.config == rhs.config && lhs.tokenRenewal == rhs.tokenRenewal
            && lhs.retryPolicy == rhs.retryPolicy && lhs.maxPages == rhs.maxPages
    }
}

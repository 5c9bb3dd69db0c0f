import JSON
import Network

/// What a session is a view of: the `input` of `transform` (and of `updateInput`).
///
/// ```json
/// {"source": "stub", "category": "all", "pageSize": 10, "baseURL": "...", "accessKey": "...",
///  "total": 95, "headers": {"uid": "1"}, "stubDelayMs": 300, "prefetchDistance": 3, "hud": true,
///  "successCode": 0, "auth": {...}, "custom": {...}}
/// ```
/// Unknown members are ignored so newer clients keep working; known members are checked and a
/// bad one is reported by name (`input.pageSize: must be between 1 and 100, got 0`).
public struct FeedInput: Sendable, Equatable {
    /// The built-in sources.
    public enum Source: String, Sendable, CaseIterable {
        case stub, gank, unsplash, envelope, custom
    }

    /// Where pages come from.
    public var source: Source = .stub
    /// The category; for `stub` one of `StubCatalog.categories`.
    public var category = "all"
    /// Items per page, 1...100.
    public var pageSize = 10
    /// The API root (gank/unsplash have defaults; envelope needs one).
    public var baseURL = StubCatalog.baseURL
    /// The Unsplash access key (`{accessKey}`).
    public var accessKey = ""
    /// The stub catalog's size per category.
    public var total = StubCatalog.defaultTotal
    /// Common headers added to every page request (e.g. uid/token).
    public var headers: [String: String] = [:]
    /// Latency of stubbed answers in seconds; `nil` answers at once.
    public var stubDelay: Double?
    /// How close to the end `willDisplay` must get to load the next page.
    public var prefetchDistance = 3
    /// Whether loads report `hud` messages.
    public var showsHUD = true
    /// The resolved source mechanism.
    public var config: SourceConfig = .stub
    /// The envelope source's token renewal (`"auth"`), when configured.
    public var tokenRenewal: TokenRenewal?

    /// The default input: the stub catalog, category `all`, pages of 10.
    public init() {}

    /// Reads and validates `json` (the `input` object).
    public init(json: JSON) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: "input")
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
        showsHUD = try reader.bool("hud") ?? true
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
    }

    /// The placeholder values of this input.
    public var context: SourceConfig.Context { .init(baseURL: baseURL, accessKey: accessKey) }

    /// The request for page `index`.
    public func pageRequest(index: Int, cursor: String?) -> PageRequest {
        PageRequest(index: index, pageSize: pageSize, category: category, cursor: cursor)
    }
}

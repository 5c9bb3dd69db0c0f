import Foundation

/// One HTTP request as a transport sends it: what a provider's request closure builds from an
/// endpoint and plugins may adjust (the role `HTTPRequest` plays in Moya).
///
/// A plain value: building one costs nothing, and nothing here needs FoundationNetworking.
public struct HTTPRequest: Sendable, Equatable {
    /// The absolute URL, already percent-encoded.
    public var url: URL
    /// The method, `GET` unless set.
    public var method: HTTPMethod
    /// The header fields. Names are case-insensitive: use `setValue(_:forHTTPHeaderField:)` and
    /// `value(forHTTPHeaderField:)` rather than the dictionary's own subscript.
    public private(set) var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// The total deadline of this request in seconds (connect, headers, body and redirects
    /// together); `nil` takes the transport's default.
    public var timeoutInterval: TimeInterval?
    /// How urgently it wants a connection slot when it must wait for one; `nil` is `.normal`.
    public var priority: RequestPriority?

    /// A request for `url`; every other part has its default (GET, no headers, no body).
    public init(url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], body: Data? = nil, timeoutInterval: TimeInterval? = nil) {
        self.url = url
        self.method = method
        self.headers = [:]
        self.body = body
        self.timeoutInterval = timeoutInterval
        for (name, value) in headers { setValue(value, forHTTPHeaderField: name) }
    }

    /// The value of the header called `name`, compared case-insensitively.
    public func value(forHTTPHeaderField name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.equalsIgnoringASCIICase(name) }?.value
    }

    /// Sets (or with `nil` removes) the header called `name`, replacing any spelling of it.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        if let existing = headers.keys.first(where: { $0.equalsIgnoringASCIICase(name) }) {
            headers[existing] = nil
        }
        if let value { headers[name] = value }
    }
}

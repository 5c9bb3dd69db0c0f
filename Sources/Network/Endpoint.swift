import Foundation

/// Everything needed to build one request for a target: what a provider's endpoint closure
/// produces and its request closure turns into an `HTTPRequest` (Moya's `Endpoint`).
public struct Endpoint: Sendable {
    /// Produces the stubbed answer of this endpoint.
    public typealias SampleResponseClosure = @Sendable () -> EndpointSampleResponse

    /// The full URL text, already percent-encoded.
    public let url: String
    /// The HTTP method.
    public let method: HTTPMethod
    /// Parameters or body.
    public let task: RequestTask
    /// Request headers.
    public let httpHeaderFields: [String: String]?
    /// The stubbed answer, used when the provider stubs this endpoint.
    public let sampleResponseClosure: SampleResponseClosure

    /// An endpoint with every part given.
    public init(
        url: String,
        sampleResponseClosure: @escaping SampleResponseClosure,
        method: HTTPMethod,
        task: RequestTask,
        httpHeaderFields: [String: String]?
    ) {
        self.url = url
        self.sampleResponseClosure = sampleResponseClosure
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
    }

    /// A copy with `newHTTPHeaderFields` added; where a key is already present the new value wins.
    public func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        var merged = httpHeaderFields ?? [:]
        for (name, value) in newHTTPHeaderFields {
            // Header names are case-insensitive: drop an existing spelling before adding ours.
            if let existing = merged.keys.first(where: { $0.equalsIgnoringASCIICase(name) }) {
                merged[existing] = nil
            }
            merged[name] = value
        }
        return Endpoint(url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task, httpHeaderFields: merged)
    }

    /// A copy with `task` instead of this endpoint's task.
    public func replacing(task: RequestTask) -> Endpoint {
        Endpoint(url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task, httpHeaderFields: httpHeaderFields)
    }

    /// The `HTTPRequest` this endpoint describes.
    ///
    /// Fails with `.requestMapping` when `url` is not a URL, and `.parameterEncoding` when the
    /// task's body cannot be encoded.
    public func urlRequest() throws(NetworkError) -> HTTPRequest {
        guard let requestURL = URL(string: url), requestURL.scheme != nil else { throw .requestMapping(url) }
        var request = HTTPRequest(url: requestURL, method: method, headers: httpHeaderFields ?? [:])
        try request.encode(task, method: method)
        return request
    }
}

extension Endpoint {
    /// The URL of `path` under `baseURL`: the path is percent-encoded segment by segment and
    /// joined with exactly one `/`, so `"福利/10/1"` and `"/users"` both land where expected.
    public static func url(for path: String, relativeTo baseURL: URL) -> String {
        var base = baseURL.absoluteString
        guard !path.isEmpty else { return base }
        var relative = Substring(path)
        while relative.hasPrefix("/") { relative = relative.dropFirst() }
        if !base.hasSuffix("/") { base += "/" }
        return base + PercentEncoding.encodePath(String(relative))
    }
}

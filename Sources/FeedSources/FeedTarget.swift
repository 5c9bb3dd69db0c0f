import Foundation
import Network

/// One page request of a `SourceConfig`, as a Moya-style target: the URL is fully built
/// (template, query, percent-encoding) by the config, so `path` is empty; a JSON body, when
/// the source sends one, is the task's data (its `Content-Type` is among the headers).
public struct FeedTarget: TargetType, Equatable {
    /// The full request URL.
    public let url: URL
    /// `GET`, or `POST` with `body`.
    public let method: HTTPMethod
    /// The request headers.
    public let requestHeaders: [String: String]
    /// The request body, if any.
    public let body: Data?

    /// A target for `url`.
    public init(url: URL, method: HTTPMethod = .get, headers: [String: String], body: Data? = nil) {
        self.url = url
        self.method = method
        self.requestHeaders = headers
        self.body = body
    }

    public var baseURL: URL { url }
    public var path: String { "" }
    public var task: RequestTask { body.map(RequestTask.requestData) ?? .requestPlain }
    public var headers: [String: String]? { requestHeaders }
}

import Foundation

/// One endpoint of an API, usually an enum case per call (Moya's `TargetType`).
public protocol TargetType: Sendable {
    /// The API's root, e.g. `https://gank.io/api/data/`.
    var baseURL: URL { get }
    /// The path appended to `baseURL`; it is percent-encoded, so write it unescaped ("福利/10/1").
    var path: String { get }
    /// The HTTP method.
    var method: HTTPMethod { get }
    /// Parameters or body.
    var task: RequestTask { get }
    /// Headers of this target; endpoint closures may add common ones.
    var headers: [String: String]? { get }
    /// What a stubbed request answers with.
    var sampleData: Data { get }
    /// Which status codes count as success.
    var validationType: ValidationType { get }
}

extension TargetType {
    /// `GET`.
    public var method: HTTPMethod { .get }
    /// `.requestPlain`.
    public var task: RequestTask { .requestPlain }
    /// No headers.
    public var headers: [String: String]? { nil }
    /// Empty data.
    public var sampleData: Data { Data() }
    /// `.none`: every status code reaches the caller, as in Moya.
    public var validationType: ValidationType { .none }
}

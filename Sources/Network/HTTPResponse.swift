import Foundation

/// The head of one HTTP answer, as a transport reports it with the body beside it (the role
/// `HTTPURLResponse` plays in Moya).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code of the final response (after redirects).
    public var statusCode: Int
    /// The header fields of the final response; repeated fields are joined with ", ".
    public var headers: [String: String]
    /// The URL the final response came from: after redirects, the last `Location` resolved
    /// (`HTTPURLResponse.url`, curl's `CURLINFO_EFFECTIVE_URL`); without one, the URL
    /// requested. `nil` when the transport does not know it: `StubTransport` answers from a
    /// closure and leaves it `nil`, as Moya's stubs have no `HTTPURLResponse`.
    ///
    /// It may carry the request's secrets (an access key in the query): redact it before
    /// showing it anywhere.
    public var url: URL?

    /// A response head with every part given.
    public init(statusCode: Int, headers: [String: String] = [:], url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
    }
}

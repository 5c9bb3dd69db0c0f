/// The head of one HTTP answer, as a transport reports it with the body beside it (the role
/// `HTTPURLResponse` plays in Moya).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code of the final response (after redirects).
    public var statusCode: Int
    /// The header fields of the final response; repeated fields are joined with ", ".
    public var headers: [String: String]

    /// A response head with every part given.
    public init(statusCode: Int, headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.headers = headers
    }
}

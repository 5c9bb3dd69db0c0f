/// How a token is written into the `Authorization` header (Moya's `AuthorizationType`), e.g.
/// by an `AuthenticatedTransport`.
public enum AuthorizationType: Sendable, Equatable {
    /// `Bearer <token>`.
    case bearer
    /// `Basic <token>`.
    case basic
    /// `<scheme> <token>`, e.g. `.custom("Client-ID")` as Unsplash expects.
    case custom(String)

    /// The scheme word put before the token.
    public var scheme: String {
        switch self {
        case .bearer: return "Bearer"
        case .basic: return "Basic"
        case .custom(let scheme): return scheme
        }
    }

    /// The header value for `token`.
    public func headerValue(for token: String) -> String { "\(scheme) \(token)" }
}

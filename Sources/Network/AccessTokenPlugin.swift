import Foundation

/// How a token is written into the `Authorization` header.
public enum AuthorizationType: Sendable, Equatable {
    /// `Bearer <token>`.
    case bearer
    /// `Basic <token>`.
    case basic
    /// `Client-ID <token>`, as Unsplash expects.
    case clientID
    /// `<scheme> <token>`.
    case custom(String)

    /// The scheme word put before the token.
    public var scheme: String {
        switch self {
        case .bearer: return "Bearer"
        case .basic: return "Basic"
        case .clientID: return "Client-ID"
        case .custom(let scheme): return scheme
        }
    }

    /// The header value for `token`.
    public func headerValue(for token: String) -> String { "\(scheme) \(token)" }
}

/// A target that chooses its own authorization; `nil` sends it without one.
public protocol AccessTokenAuthorizable {
    /// The authorization this target needs, or `nil` for none.
    var authorizationType: AuthorizationType? { get }
}

/// Adds `Authorization: <scheme> <token>` to every request whose target wants one.
public struct AccessTokenPlugin: PluginType {
    /// Supplies the current token for a target; `nil` leaves the request unchanged.
    public typealias TokenClosure = @Sendable (any TargetType) -> String?

    private let authorizationType: AuthorizationType
    private let tokenClosure: TokenClosure

    /// A plugin writing tokens from `tokenClosure` with `authorizationType`, unless the target
    /// (or the target inside a `MultiTarget`) is `AccessTokenAuthorizable` and says otherwise.
    public init(authorizationType: AuthorizationType = .bearer, tokenClosure: @escaping TokenClosure) {
        self.authorizationType = authorizationType
        self.tokenClosure = tokenClosure
    }

    public func prepare(_ request: HTTPRequest, target: any TargetType) -> HTTPRequest {
        let type: AuthorizationType?
        let target = (target as? MultiTarget)?.target ?? target
        if let authorizable = target as? any AccessTokenAuthorizable {
            type = authorizable.authorizationType
        } else {
            type = authorizationType
        }
        guard let type, let token = tokenClosure(target) else { return request }
        var authorized = request
        authorized.setValue(type.headerValue(for: token), forHTTPHeaderField: "Authorization")
        return authorized
    }
}

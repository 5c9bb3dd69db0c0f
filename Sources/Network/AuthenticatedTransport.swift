import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Reactive

/// A transport that authorizes each request with the `TokenRefresher`'s token and, when the
/// answer says the token expired, renews it (one renewal for all requests rejected together)
/// and retries the request once with the new token.
///
/// It never loops: a request is retried at most once. A failed renewal ends it with
/// `.authenticationFailed`; a retry rejected again ends it with that rejection itself (e.g. the
/// 401 and its body), so the caller still sees the server's status and message.
public struct AuthenticatedTransport: HTTPTransport {
    /// Says whether an answer means "the token expired": by status or by a business code.
    public typealias ExpiryDetector = @Sendable (HTTPURLResponse, Data) -> Bool

    /// Treats HTTP 401 as an expired token.
    public static let unauthorizedStatus: ExpiryDetector = { response, _ in response.statusCode == 401 }

    private let transport: any HTTPTransport
    private let refresher: TokenRefresher
    private let authorizationType: AuthorizationType
    private let isExpired: ExpiryDetector

    /// Wraps `transport`, authorizing requests as `authorizationType` with `refresher`'s token.
    public init(
        wrapping transport: any HTTPTransport,
        refresher: TokenRefresher,
        authorizationType: AuthorizationType = .bearer,
        isExpired: @escaping ExpiryDetector = AuthenticatedTransport.unauthorizedStatus
    ) {
        self.transport = transport
        self.refresher = refresher
        self.authorizationType = authorizationType
        self.isExpired = isExpired
    }

    public func send(_ request: URLRequest, completion: @escaping @Sendable (Result<(HTTPURLResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let finish = OnceCallback(completion)
        let steps = CompositeDisposable()
        let credential = refresher.credential
        let transport = self.transport
        let isExpired = self.isExpired
        let authorize: @Sendable (String?) -> URLRequest = { [authorizationType] token in
            AuthenticatedTransport.authorize(request, token: token, as: authorizationType)
        }

        steps.insert(transport.send(authorize(credential.token)) { [refresher] result in
            guard case .success(let (response, body)) = result, isExpired(response, body) else {
                finish(result)
                return
            }
            refresher.renew(after: credential.generation) { renewal in
                switch renewal {
                case .failure(let error):
                    finish(.failure(.authenticationFailed(reason: "the token refresh failed: \(error.message)", request: request)))
                case .success(let token):
                    guard !steps.isDisposed else { return }
                    steps.insert(transport.send(authorize(token)) { retried in finish(retried) })
                }
            }
        })
        return Disposables.create {
            steps.dispose()
            finish(.failure(.cancelled(request)))
        }
    }

    private static func authorize(_ request: URLRequest, token: String?, as type: AuthorizationType) -> URLRequest {
        guard let token else { return request }
        var authorized = request
        authorized.setValue(type.headerValue(for: token), forHTTPHeaderField: "Authorization")
        return authorized
    }
}

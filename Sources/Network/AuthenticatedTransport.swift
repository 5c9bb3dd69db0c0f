import Dispatch
import Foundation
import Reactive

/// A transport that authorizes each request with the `TokenRefresher`'s token and, when the
/// answer says the token expired, renews it (one renewal for all requests rejected together)
/// and retries the request once with the new token.
///
/// It never loops: a request is retried at most once. A failed renewal ends it with
/// `.authenticationFailed`; a retry rejected again ends it with that rejection itself (e.g. the
/// 401 and its body), so the caller still sees the server's status and message.
///
/// With a timeout (the request's own, else `timeout`), the whole exchange (first attempt,
/// renewal, retry) ends within it: `.timedOut` when it passes, and the retry is sent with what
/// is left of it.
public struct AuthenticatedTransport: HTTPTransport {
    /// Says whether an answer means "the token expired": by status or by a business code.
    public typealias ExpiryDetector = @Sendable (HTTPResponse, Data) -> Bool

    /// Treats HTTP 401 as an expired token.
    public static let unauthorizedStatus: ExpiryDetector = { response, _ in response.statusCode == 401 }

    private let transport: any HTTPTransport
    private let refresher: TokenRefresher
    private let authorizationType: AuthorizationType
    private let isExpired: ExpiryDetector
    private let timeout: TimeInterval?

    /// Wraps `transport`, authorizing requests as `authorizationType` with `refresher`'s token;
    /// each request, renewal and retry included, ends within `timeout` seconds when one is given.
    public init(
        wrapping transport: any HTTPTransport,
        refresher: TokenRefresher,
        authorizationType: AuthorizationType = .bearer,
        timeout: TimeInterval? = nil,
        isExpired: @escaping ExpiryDetector = AuthenticatedTransport.unauthorizedStatus
    ) {
        self.transport = transport
        self.refresher = refresher
        self.authorizationType = authorizationType
        self.timeout = timeout
        self.isExpired = isExpired
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let steps = CompositeDisposable()
        let finish = OnceCallback(completion)
        let deadline = (request.timeoutInterval ?? timeout).map { Deadline(seconds: $0) }
        if let deadline {
            // Does nothing when the exchange ended first: `finish` answers once. The timeout is
            // answered before the exchange is cancelled, whose own `.cancelled` then comes second.
            DispatchQueue.global().asyncAfter(deadline: deadline.time) {
                guard !finish.hasFired else { return }
                finish(.failure(.timedOut(request)))
                steps.dispose()
            }
        }
        let credential = refresher.credential
        let transport = self.transport
        let isExpired = self.isExpired
        let authorize: @Sendable (String?) -> HTTPRequest = { [authorizationType] token in
            var authorized = AuthenticatedTransport.authorize(request, token: token, as: authorizationType)
            if let deadline { authorized.timeoutInterval = deadline.remaining }
            return authorized
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

    /// A point in time a number of seconds from when it is made.
    private struct Deadline {
        let time: DispatchTime

        init(seconds: TimeInterval) { time = .now() + max(0, seconds) }

        /// Seconds left (at least a millisecond, so a deadline is never "none").
        var remaining: TimeInterval {
            max(0.001, Double(Int64(time.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)) / 1e9)
        }
    }

    private static func authorize(_ request: HTTPRequest, token: String?, as type: AuthorizationType) -> HTTPRequest {
        guard let token else { return request }
        var authorized = request
        authorized.setValue(type.headerValue(for: token), forHTTPHeaderField: "Authorization")
        return authorized
    }
}

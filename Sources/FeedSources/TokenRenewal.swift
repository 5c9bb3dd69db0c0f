import Foundation
import JSON
import Network
import Reactive

/// The envelope source's silent token renewal (seed 004): requests carry
/// `Authorization: Bearer <token>`; an answer with HTTP 401 or an envelope `code` in
/// `expiredCodes` renews the token from `refreshURL` once and retries the request once.
///
/// Input: `"auth": {"token": "...", "refreshURL": "https://.../token", "tokenPath": "data.token",
/// "expiredCodes": [401, 1001]}`; only `refreshURL` is required.
public struct TokenRenewal: Sendable, Equatable {
    /// The token to start with, if any.
    public var token: String?
    /// Where a new token is fetched (GET).
    public var refreshURL: String
    /// Key path of the token in the refresh answer.
    public var tokenPath: String
    /// Envelope codes that mean "the token expired".
    public var expiredCodes: [JSON]

    /// Reads the `auth` object at `field`.
    public init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: ["token", "refreshURL", "tokenPath", "expiredCodes"])
        guard let refreshURL = try reader.string("refreshURL") else { throw FeedInputError(field: reader.path("refreshURL"), reason: "is required") }
        guard URLScheme.isHTTP(refreshURL) else {
            throw FeedInputError(field: reader.path("refreshURL"), reason: "must be an http or https URL")
        }
        self.refreshURL = refreshURL
        token = try reader.string("token")
        tokenPath = try reader.string("tokenPath") ?? "data.token"
        let codes: JSON = reader.object["expiredCodes"] ?? [401]
        guard let list = codes.arrayValue else {
            throw FeedInputError(field: reader.path("expiredCodes"), reason: "must be an array of codes")
        }
        expiredCodes = list
    }

    /// `transport` wrapped so that requests are authorized and renewed as described above,
    /// each within `timeout` seconds in all (the first attempt, the refresh and the retry),
    /// starting from the token `store` keeps for the session and handing it every renewed one.
    public func wrapping(
        _ transport: any HTTPTransport, timeout: Double = CurlTransport.Limits.defaultRequestTimeout, store: TokenStore = TokenStore()
    ) -> any HTTPTransport {
        let refreshURL = self.refreshURL
        let tokenPath = self.tokenPath
        let expiredCodes = self.expiredCodes
        let refresher = TokenRefresher(token: store.startingToken(input: token)) { completion in
            guard let url = URL(string: refreshURL) else {
                completion(.failure(.requestMapping(refreshURL)))
                return
            }
            _ = transport.send(HTTPRequest(url: url, timeoutInterval: timeout)) { result in
                switch result {
                case .success(let (response, body)):
                    let token = (try? JSON.parse([UInt8](body))).flatMap { ValuePath(tokenPath).value(in: $0) }?.lenientString
                    if (200..<300).contains(response.statusCode), let token, !token.isEmpty {
                        store.didRenew(token)  // before the retries carry it
                        completion(.success(token))
                    } else {
                        completion(.failure(.authenticationFailed(reason: "the token refresh answered HTTP \(response.statusCode) without a token at \(tokenPath)", request: HTTPRequest(url: url))))
                    }
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
        return AuthenticatedTransport(wrapping: transport, refresher: refresher, authorizationType: .bearer, timeout: timeout) { response, body in
            if response.statusCode == 401 { return true }
            guard let code = (try? JSON.parse([UInt8](body)))?["code"] else { return false }
            return expiredCodes.contains(code)
        }
    }
}

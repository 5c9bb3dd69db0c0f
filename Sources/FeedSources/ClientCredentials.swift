import Foundation
import JSON
import Network

/// The OAuth2 client-credentials grant (RFC 6749, section 4.4): the source's requests carry
/// `Authorization: Bearer <token>`, the token fetched from `tokenURL` on first use with the
/// client's id and secret, and fetched again when it expires or a request is answered 401.
///
/// Input: `"oauth2": {"tokenURL": "https://id.example.com/oauth2/token", "clientId": "...",
/// "clientSecret": "...", "scope": "read", "credentials": "basic" | "body"}`. The id and the
/// secret, and every token fetched, are secrets (redacted by value).
public struct ClientCredentials: Sendable, Equatable, Hashable {
    /// Where the token is fetched (POST, form-encoded).
    public var tokenURL: String
    /// The client's id.
    public var clientID: String
    /// The client's secret.
    public var clientSecret: String
    /// The scope asked for, if any.
    public var scope: String?
    /// Whether the id and secret travel in the form body (`client_id`, `client_secret`) rather
    /// than in HTTP Basic authentication, the RFC's default.
    public var sendsCredentialsInBody = false

    /// A grant of `clientID` and `clientSecret` at `tokenURL`.
    public init(tokenURL: String, clientID: String, clientSecret: String, scope: String? = nil) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
    }

    /// Reads the `oauth2` object at `field`.
    init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: ["tokenURL", "clientId", "clientSecret", "scope", "credentials"])
        func required(_ key: String) throws(FeedInputError) -> String {
            guard let value = try reader.string(key), !value.isEmpty else { throw FeedInputError(field: reader.path(key), reason: "is required") }
            return value
        }
        let tokenURL = try required("tokenURL")
        guard URLScheme.isHTTP(tokenURL) else { throw FeedInputError(field: reader.path("tokenURL"), reason: "must be an http or https URL") }
        self.init(tokenURL: tokenURL, clientID: try required("clientId"), clientSecret: try required("clientSecret"), scope: try reader.string("scope"))
        switch try reader.string("credentials") {
        case nil, "basic": sendsCredentialsInBody = false
        case "body": sendsCredentialsInBody = true
        case let other?: throw FeedInputError(field: reader.path("credentials"), reason: "must be \"basic\" or \"body\", got \"\(other)\"")
        }
    }

    /// The token request: `grant_type=client_credentials` (and `scope`), the client
    /// authenticated as configured.
    func tokenRequest(timeout: Double?) -> HTTPRequest? {
        guard let url = URLText.url(tokenURL) else { return nil }
        var form = [("grant_type", "client_credentials")]
        if let scope { form.append(("scope", scope)) }
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        if sendsCredentialsInBody {
            form += [("client_id", clientID), ("client_secret", clientSecret)]
        } else {
            // RFC 6749, section 2.3.1: each part form-encoded before Basic encodes the pair.
            let pair = "\(URLText.formEncoded(clientID)):\(URLText.formEncoded(clientSecret))"
            headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
        }
        let body = form.map { "\(URLText.formEncoded($0.0))=\(URLText.formEncoded($0.1))" }.joined(separator: "&")
        return HTTPRequest(url: url, method: .post, headers: headers, body: Data(body.utf8), timeoutInterval: timeout)
    }
}

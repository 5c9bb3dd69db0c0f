/// Where and how a target's parameters are written into the request.
public enum ParameterEncoding: Sendable, Equatable {
    /// Moya's `URLEncoding.default`: the query string for GET, HEAD and DELETE, otherwise a
    /// `application/x-www-form-urlencoded` body.
    case url
    /// Always the query string, whatever the method.
    case queryString
    /// Always a form body (`application/x-www-form-urlencoded`).
    case httpBody
    /// A JSON object body (`application/json`).
    case json
}

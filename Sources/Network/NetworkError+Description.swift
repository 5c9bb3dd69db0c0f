import Foundation

extension NetworkError: CustomStringConvertible, LocalizedError {
    /// What happened, then where: `"<what> (<METHOD> <URL without secrets>[, status <code>])"`,
    /// with the URL redacted by the standard rules.
    public var message: String { message(redactingWith: .standard) }

    /// The message with the URL redacted by `redactor`, e.g. one that knows the caller's own
    /// secret parameter names.
    public func message(redactingWith redactor: Redactor) -> String {
        let location = NetworkError.location(of: request, statusCode: response?.statusCode, redactor: redactor)
        let what = summary(redactor)
        return location.isEmpty ? what : "\(what) (\(location))"
    }

    public var description: String { message }

    public var errorDescription: String? { message }

    private func summary(_ redactor: Redactor) -> String {
        switch self {
        case .jsonMapping:
            return "The response is not valid JSON"
        case .stringMapping:
            return "The response is not valid UTF-8 text"
        case .objectMapping(let error, let keyPath?, _):
            return "Could not map the response at key path \"\(keyPath)\": \(NetworkError.describe(error, under: keyPath, redactor))"
        case .objectMapping(let error, nil, _):
            return "Could not map the response: \(NetworkError.describe(error, under: nil, redactor))"
        case .statusCode(let response):
            return "Unacceptable status code \(response.statusCode)"
        case .underlying(let error, _, _):
            return "The request failed: \(NetworkError.describe(error, redactor))"
        case .requestMapping(let url):
            return "Could not build a request for the URL \"\(redactor.redact(urlString: url))\""
        case .parameterEncoding(let error):
            return "Could not encode the request parameters: \(NetworkError.describe(error, redactor))"
        case .cancelled:
            return "The request was cancelled"
        case .timedOut:
            return "The request timed out"
        case .bodyTooLarge(let limit, _):
            return "The response body exceeds the limit of \(limit) bytes"
        case .malformedResponse(let detail, _):
            return "The server's answer is not valid HTTP: \(detail)"
        case .tooManyRedirects(let limit, _):
            return "Too many redirects (more than \(limit))"
        case .transportUnavailable(let reason, _):
            return "HTTP is unavailable: \(reason)"
        case .unsupportedURLScheme(let scheme, _):
            return "Unsupported URL scheme \"\(scheme)\": only http and https are allowed"
        case .authenticationFailed(let reason, _):
            return "Authentication failed: \(reason)"
        }
    }

    private static func location(of request: HTTPRequest?, statusCode: Int?, redactor: Redactor) -> String {
        var parts: [String] = []
        if let request { parts.append("\(request.method) \(redactor.redact(url: request.url))") }
        if let statusCode { parts.append("status \(statusCode)") }
        return parts.joined(separator: ", ")
    }

    /// A decoder's error in words, with where in the body it happened (`data.list[0].id`).
    private static func describe(_ error: any Error, under keyPath: String?, _ redactor: Redactor) -> String {
        guard let error = error as? DecodingError else { return describe(error, redactor) }
        let (text, codingPath): (String, [any CodingKey])
        switch error {
        case .keyNotFound(let key, let context):
            (text, codingPath) = ("no value for the key \"\(key.stringValue)\"", context.codingPath + [key])
        case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            (text, codingPath) = (context.debugDescription, context.codingPath)
        @unknown default:
            return String(describing: error)
        }
        var path = keyPath ?? ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return codingPath.isEmpty ? text : "\(text) (at \(path))"
    }

    private static func describe(_ error: any Error, _ redactor: Redactor) -> String {
        if let error = error as? NetworkError { return error.message(redactingWith: redactor) }
        if let error = error as? LocalizedError, let text = error.errorDescription { return text }
        // Foundation's errors by what they say, not `Error Domain=... UserInfo={...}` (whose
        // user info may also hold the failing URL).
        if type(of: error) is NSError.Type { return error.localizedDescription }
        return String(describing: error)
    }
}

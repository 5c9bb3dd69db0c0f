import Foundation

/// Why a request failed (Moya's `MoyaError`, plus cancellation, timeouts, limits and auth).
///
/// Cases that happen before a response exists carry the `HTTPRequest` (when known) so the
/// message can say where; its secrets are redacted when the message is built.
/// Match with `if case .cancelled = error` whatever the payload.
public enum NetworkError: Error, Sendable {
    /// The body is not JSON.
    case jsonMapping(Response)
    /// The body is not UTF-8 text, or the value at the key path is not a string.
    case stringMapping(Response)
    /// The body (or the value at `keyPath`) could not be decoded into the requested type; the
    /// error is the decoder's (a `DecodingError`).
    case objectMapping(any Error, keyPath: String?, response: Response)
    /// The status code is not one the caller accepts.
    case statusCode(Response)
    /// Some other failure, e.g. a connection error (`TransportError`).
    case underlying(any Error, request: HTTPRequest?, response: Response?)
    /// The endpoint's URL text is not a valid URL.
    case requestMapping(String)
    /// The task's parameters or `Encodable` body could not be encoded.
    case parameterEncoding(any Error)
    /// The request was cancelled, usually because its subscription was disposed.
    case cancelled(HTTPRequest?)
    /// The request's total deadline passed before the whole answer arrived.
    case timedOut(HTTPRequest?)
    /// The response body grew past `limit` bytes (after decoding) and the transfer was stopped.
    case bodyTooLarge(limit: Int, request: HTTPRequest?)
    /// The server's answer is not HTTP (a garbage status line, another protocol, headers
    /// without end); `detail` says what was wrong.
    case malformedResponse(detail: String, request: HTTPRequest?)
    /// More than `limit` redirects in a row.
    case tooManyRedirects(limit: Int, request: HTTPRequest?)
    /// The URL (or a redirect) uses a scheme other than http/https.
    case unsupportedURLScheme(String, request: HTTPRequest?)
    /// No HTTP client library could be loaded; `reason` says what to install.
    case transportUnavailable(reason: String, request: HTTPRequest?)
    /// The credentials were rejected and could not be renewed.
    case authenticationFailed(reason: String, request: HTTPRequest?)
}

extension NetworkError {
    /// The response, for the cases that have one.
    public var response: Response? {
        switch self {
        case .jsonMapping(let response), .stringMapping(let response), .statusCode(let response):
            return response
        case .objectMapping(_, _, let response):
            return response
        case .underlying(_, _, let response):
            return response
        default:
            return nil
        }
    }

    /// The request, where known.
    public var request: HTTPRequest? {
        switch self {
        case .underlying(_, let request, let response):
            return request ?? response?.request
        case .cancelled(let request), .timedOut(let request):
            return request
        case .bodyTooLarge(_, let request), .malformedResponse(_, let request), .tooManyRedirects(_, let request):
            return request
        case .unsupportedURLScheme(_, let request), .transportUnavailable(_, let request), .authenticationFailed(_, let request):
            return request
        case .requestMapping, .parameterEncoding:
            return nil
        default:
            return response?.request
        }
    }

    /// The error behind this one, as Moya's `underlyingError`: the decoder's for `.objectMapping`,
    /// the cause of `.underlying` and `.parameterEncoding`.
    public var underlyingError: (any Error)? {
        switch self {
        case .objectMapping(let error, _, _), .underlying(let error, _, _), .parameterEncoding(let error):
            return error
        default:
            return nil
        }
    }

    /// `true` for `.cancelled`.
    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// The same error with `request` attached where the case has room for one and none is set.
    func attaching(_ request: HTTPRequest) -> NetworkError {
        switch self {
        case .underlying(let error, nil, let response): return .underlying(error, request: request, response: response)
        case .cancelled(nil): return .cancelled(request)
        case .timedOut(nil): return .timedOut(request)
        case .bodyTooLarge(let limit, nil): return .bodyTooLarge(limit: limit, request: request)
        case .malformedResponse(let detail, nil): return .malformedResponse(detail: detail, request: request)
        case .tooManyRedirects(let limit, nil): return .tooManyRedirects(limit: limit, request: request)
        case .unsupportedURLScheme(let scheme, nil): return .unsupportedURLScheme(scheme, request: request)
        case .transportUnavailable(let reason, nil): return .transportUnavailable(reason: reason, request: request)
        case .authenticationFailed(let reason, nil): return .authenticationFailed(reason: reason, request: request)
        default: return self
        }
    }
}

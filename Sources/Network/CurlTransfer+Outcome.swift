import CCurl
import Foundation

extension CurlTransfer {
    /// What it means that curl ended this transfer, run on `easy`, with `code`. Read before
    /// `easy` is reset, which forgets the URL it ended at.
    func outcome(_ code: ccurl_code, on easy: OpaquePointer) -> Result<(HTTPResponse, Data), NetworkError> {
        switch code {
        case CCURLE_OK:
            let head = HTTPResponse(statusCode: head.statusCode, headers: head.headers, url: Self.effectiveURL(of: easy))
            return .success((head, body.take()))
        case CCURLE_FILESIZE_EXCEEDED:
            return .failure(.bodyTooLarge(limit: limits.maxBodyBytes, request: request))
        case CCURLE_WRITE_ERROR where overrun == .body:
            return .failure(.bodyTooLarge(limit: limits.maxBodyBytes, request: request))
        case CCURLE_WRITE_ERROR where overrun == .head:
            return .failure(.malformedResponse(detail: "the response headers exceed \(limits.maxHeaderBytes) bytes", request: request))
        case CCURLE_OPERATION_TIMEDOUT:
            return .failure(.timedOut(request))
        case CCURLE_TOO_MANY_REDIRECTS:
            return .failure(.tooManyRedirects(limit: limits.maxRedirects, request: request))
        case CCURLE_UNSUPPORTED_PROTOCOL:
            // The request's own scheme was checked before sending: this is a redirect to another
            // scheme, or a reply without a status line (curl refuses HTTP/0.9).
            if (300..<400).contains(head.statusCode), let location = head.location {
                return .failure(.unsupportedURLScheme(CurlTransfer.scheme(of: location), request: request))
            }
            return .failure(.malformedResponse(detail: "the reply does not start with an HTTP status line", request: request))
        case CCURLE_WEIRD_SERVER_REPLY:
            return .failure(.malformedResponse(detail: "the status line or a header field is not HTTP", request: request))
        case CCURLE_BAD_CONTENT_ENCODING:
            return .failure(.malformedResponse(detail: "the body does not decode as its Content-Encoding says", request: request))
        default:
            return .failure(.underlying(CurlTransfer.transportError(code), request: request, response: nil))
        }
    }

    /// The URL `easy` ended at: the request's, or after redirects the last `Location` resolved
    /// (`nil` only if curl has none or it does not parse, which its own normalizing rules out).
    private static func effectiveURL(of easy: OpaquePointer) -> URL? {
        var text: UnsafePointer<CChar>?
        guard ccurl_easy_getinfo_string(easy, CCURLINFO_EFFECTIVE_URL, &text) == CCURLE_OK, let text else { return nil }
        return URL(string: String(cString: text))
    }

    /// The scheme a redirect's `Location` names, lower-cased ("" when it names none).
    static func scheme(of location: String) -> String {
        guard let colon = location.firstIndex(of: ":") else { return "" }
        let scheme = location[..<colon]
        let valid = scheme.first?.isLetter == true && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        return valid ? scheme.lowercased() : ""
    }

    private static func transportError(_ code: ccurl_code) -> TransportError {
        let description: String
        switch code {
        case CCURLE_COULDNT_CONNECT: description = "could not connect to the server"
        case CCURLE_COULDNT_RESOLVE_HOST, CCURLE_COULDNT_RESOLVE_PROXY: description = "could not find the server"
        case CCURLE_SSL_CONNECT_ERROR, CCURLE_PEER_FAILED_VERIFICATION: description = "a secure connection could not be made"
        case CCURLE_SEND_ERROR, CCURLE_RECV_ERROR: description = "the network connection was lost"
        case CCURLE_GOT_NOTHING: description = "the server closed the connection without answering"
        case CCURLE_PARTIAL_FILE: description = "the connection closed before the whole body arrived"
        case CCURLE_URL_MALFORMAT: description = "the URL is not valid"
        case CCURLE_OUT_OF_MEMORY, CCURLE_WRITE_ERROR: description = "out of memory"
        default: description = ccurl_easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)"
        }
        return TransportError(code: Int(code.rawValue), description: description)
    }
}

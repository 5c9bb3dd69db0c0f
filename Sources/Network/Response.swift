import Foundation

/// One HTTP answer: status code, body, headers and the request that produced it.
public final class Response: Sendable, Equatable, CustomDebugStringConvertible {
    /// The HTTP status code.
    public let statusCode: Int
    /// The body.
    public let data: Data
    /// The request as sent (after plugins prepared it), when known.
    public let request: HTTPRequest?
    /// The response headers as received.
    public let headers: [String: String]
    /// The URL the answer came from after redirects (Moya's `response?.url`); `nil` for stubbed
    /// answers. See `HTTPResponse.url`: it may carry secrets.
    public let url: URL?

    /// A response with every part given.
    public init(statusCode: Int, data: Data, request: HTTPRequest? = nil, headers: [String: String] = [:], url: URL? = nil) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        self.headers = headers
        self.url = url
    }

    /// The response described by `httpResponse` with `data` as its body.
    public convenience init(httpResponse: HTTPResponse, data: Data, request: HTTPRequest?) {
        self.init(statusCode: httpResponse.statusCode, data: data, request: request, headers: httpResponse.headers, url: httpResponse.url)
    }

    /// The value of the header called `name`, compared case-insensitively (`header("link")`).
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.equalsIgnoringASCIICase(name) }?.value
    }

    public var debugDescription: String { "Status Code: \(statusCode), Data Length: \(data.count)" }

    public static func == (lhs: Response, rhs: Response) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.data == rhs.data && lhs.headers == rhs.headers && lhs.request == rhs.request && lhs.url == rhs.url
    }
}

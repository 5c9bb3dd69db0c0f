import Foundation

extension SourceConfig {
    /// The values the placeholders take for one request.
    public struct Context: Sendable, Equatable {
        /// `{baseURL}`.
        public var baseURL: String
        /// `{accessKey}`.
        public var accessKey: String
        /// Creates a context.
        public init(baseURL: String, accessKey: String = "") {
            self.baseURL = baseURL
            self.accessKey = accessKey
        }
    }

    /// The full URL of `request`, query included.
    public func url(for request: PageRequest, context: Context) -> String {
        var url = substitute(urlTemplate, request, context)
        let parameters = query.sorted { $0.key < $1.key }
            .map { ($0.key, substitute($0.value, request, context, encode: false)) }
            .filter { !$0.1.isEmpty }
        if !parameters.isEmpty {
            url += (url.contains("?") ? "&" : "?")
                + parameters.map { "\(Self.percentEncoded($0.0))=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        }
        return url
    }

    /// The request headers of `request`.
    public func headers(for request: PageRequest, context: Context) -> [String: String] {
        headers.mapValues { substitute($0, request, context, encode: false) }
    }

    private func substitute(_ template: String, _ request: PageRequest, _ context: Context, encode: Bool = true) -> String {
        let values: [(String, String)] = [
            ("{category}", request.category),
            ("{page}", String(firstPage + request.index)),
            ("{pageSize}", String(request.pageSize)),
            ("{offset}", String(request.index * request.pageSize)),
            ("{cursor}", request.cursor ?? ""),
            ("{accessKey}", context.accessKey),
        ]
        var result = template.replacingOccurrences(of: "{baseURL}", with: context.baseURL)
        for (placeholder, value) in values where result.contains(placeholder) {
            result = result.replacingOccurrences(of: placeholder, with: encode ? Self.percentEncoded(value) : value)
        }
        return result
    }

    /// RFC 3986 unreserved characters stay; everything else (`/`, `&`, non-ASCII such as 福利) is escaped.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Built once: making a `CharacterSet` from a string costs more than encoding a whole URL.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

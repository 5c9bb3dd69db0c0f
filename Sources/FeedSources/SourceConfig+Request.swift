import FeedModel

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

    /// The request placeholders every template may use.
    public static let placeholders = ["baseURL", "category", "page", "pageSize", "offset", "cursor", "accessKey"]
    /// The placeholders whose values are numbers (a body string of exactly one becomes a JSON number).
    static let numericPlaceholders: Set<Substring> = ["page", "pageSize", "offset"]

    /// The full URL of `request`, query included. With next-URL paging, every page after the
    /// first is the URL the previous one gave, as is.
    public func url(for request: PageRequest, context: Context) -> String {
        if paging == .next, request.index > 0, let next = request.cursor { return next }
        let template = request.index == 0 ? firstURLTemplate ?? urlTemplate : urlTemplate
        var url = substitute(template, request, context, encode: true)
        let parameters = query.sorted { $0.key < $1.key }
            .map { ($0.key, substitute($0.value, request, context)) }
            .filter { !$0.1.isEmpty }
        if !parameters.isEmpty {
            url += (url.contains("?") ? "&" : "?")
                + parameters.map { "\(Self.percentEncoded($0.0))=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        }
        return url
    }

    /// The request headers of `request`; `Content-Type: application/json` when a body is sent
    /// and the headers name no content type.
    public func headers(for request: PageRequest, context: Context) -> [String: String] {
        var values = headers.mapValues { substitute($0, request, context) }
        if bodyTemplate != nil && Self.header("Content-Type", in: values) == nil {
            values["Content-Type"] = "application/json"
        }
        return values
    }

    /// `template` with every request placeholder replaced, `{baseURL}` as is and the others
    /// percent-encoded when `encode`; names that are no placeholder stay as written.
    func substitute(_ template: String, _ request: PageRequest, _ context: Context, encode: Bool = false) -> String {
        guard template.contains("{") else { return template }
        return Template(template).rendered { name in
            guard let value = value(of: name, request, context) else { return "{\(name)}" }
            return name == "baseURL" || !encode ? value : Self.percentEncoded(value)
        } ?? template
    }

    /// The value of placeholder `name`, or `nil` for a name that is not a placeholder.
    func value(of name: Substring, _ request: PageRequest, _ context: Context) -> String? {
        switch name {
        case "baseURL": return context.baseURL
        case "category": return request.category
        case "page": return String(firstPage + request.index)
        case "pageSize": return String(request.pageSize)
        case "offset": return String(request.index * request.pageSize)
        case "cursor": return request.cursor ?? firstCursor
        case "accessKey": return context.accessKey
        default: return nil
        }
    }

    /// RFC 3986 unreserved characters stay; every other byte of the UTF-8 (`/`, `&`, 福利) is
    /// escaped. Byte by byte: Foundation's `addingPercentEncoding` bridges through NSString.
    static func percentEncoded(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

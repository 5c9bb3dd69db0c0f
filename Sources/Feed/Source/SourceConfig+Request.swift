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

    /// `template` with every `{name}` placeholder replaced, in one pass; unknown names stay.
    private func substitute(_ template: String, _ request: PageRequest, _ context: Context, encode: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(template.utf8.count + context.baseURL.utf8.count)
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            if let value = value(of: name, request, context) {
                result += name == "baseURL" || !encode ? value : Self.percentEncoded(value)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    /// The value of placeholder `name`, or `nil` for a name that is not a placeholder.
    private func value(of name: Substring, _ request: PageRequest, _ context: Context) -> String? {
        switch name {
        case "baseURL": return context.baseURL
        case "category": return request.category
        case "page": return String(firstPage + request.index)
        case "pageSize": return String(request.pageSize)
        case "offset": return String(request.index * request.pageSize)
        case "cursor": return request.cursor ?? ""
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

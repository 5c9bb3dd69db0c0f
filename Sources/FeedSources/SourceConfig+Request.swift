import FeedModel
import JSON

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

    /// The full URL of `request`, query included, valid as a URL (see `URLText`).
    ///
    /// With next-URL paging, every page after the first is the URL the previous one gave, as
    /// is; with query paging, the members of the previous page's continuation object join the
    /// query (replacing parameters of the same name); a list paged by FeedVM (`none`) is the
    /// first page's URL every time.
    public func url(for request: PageRequest, context: Context) -> String {
        if paging == .next, request.index > 0, let next = request.cursor { return URLText.encodingInvalidCharacters(next) }
        let isFirst = request.index == 0 || paging == .none
        let template = isFirst ? firstURLTemplate ?? urlTemplate : urlTemplate
        var parameters = query.sorted { $0.key < $1.key }.map { ($0.key, substitute($0.value, request, context)) }
        if paging == .query, !isFirst, let continuation = request.cursor.flatMap(Self.continuationMembers) {
            let names = Set(continuation.map(\.0))
            parameters = parameters.filter { !names.contains($0.0) } + continuation
        }
        return Self.withQuery(renderedURL(template, request, context) ?? template, parameters)
    }

    /// The detail URL of the listed value `element` (of the list `root`), or `nil` when a value
    /// the template reads is missing.
    func detailURL(_ detail: DetailRequest, element: JSON, root: JSON, request: PageRequest, context: Context) -> String? {
        let scope = ValueScope(current: element, root: root)
        guard let url = renderedURL(detail.urlTemplate, request, context, scope: scope) else { return nil }
        var parameters: [(String, String)] = []
        for (name, value) in detail.query.sorted(by: { $0.key < $1.key }) {
            guard let text = substitute(value, request, context, scope: scope) else { return nil }
            parameters.append((name, text))
        }
        return Self.withQuery(url, parameters)
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
            return name == "baseURL" || !encode ? value : URLText.formEncoded(value)
        } ?? template
    }

    /// A URL template rendered: a leading `{baseURL}` joined to the rest with one slash
    /// (`URLText.join`), every other value percent-encoded, references read from `scope`; the
    /// result made valid as a URL, escapes written in the template kept.
    private func renderedURL(_ text: String, _ request: PageRequest, _ context: Context, scope: ValueScope? = nil) -> String? {
        let template = Template(text)
        var parts = template.parts[...]
        var base: String?
        if case .placeholder("baseURL")? = parts.first {
            base = context.baseURL
            parts = parts.dropFirst()
        }
        var rest = ""
        for part in parts {
            switch part {
            case .literal(let literal): rest += literal
            case .placeholder(let name):
                guard let value = placeholderValue(name, request, context, scope: scope) else { return nil }
                rest += name == "baseURL" ? value : URLText.formEncoded(value)
            }
        }
        return URLText.encodingInvalidCharacters(base.map { URLText.join(base: $0, rest: rest) } ?? rest)
    }

    /// A query value: request placeholders and references substituted (not yet encoded).
    private func substitute(_ text: String, _ request: PageRequest, _ context: Context, scope: ValueScope) -> String? {
        Template(text).rendered { placeholderValue($0, request, context, scope: scope) }
    }

    private func placeholderValue(_ name: Substring, _ request: PageRequest, _ context: Context, scope: ValueScope?) -> String? {
        if let scope, ValueReference.isScoped(name) {
            guard let text = ValueReference(name).value(in: scope)?.lenientString, !text.isEmpty else { return nil }
            return text
        }
        return value(of: name, request, context) ?? "{\(name)}"
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

    /// `url` with `parameters` appended, names and values percent-encoded; a parameter whose
    /// value is empty is left out.
    private static func withQuery(_ url: String, _ parameters: [(String, String)]) -> String {
        var url = url
        let parameters = parameters.filter { !$0.1.isEmpty }
        if !parameters.isEmpty {
            url += (url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?")
                + parameters.map { "\(URLText.formEncoded($0.0))=\(URLText.formEncoded($0.1))" }.joined(separator: "&")
        }
        return url
    }

    /// The members of a continuation object (the cursor of query paging, its JSON text), as
    /// query parameters; values that are no scalar are left out.
    static func continuationMembers(_ cursor: String) -> [(String, String)]? {
        guard case .object(let members)? = try? JSON.parse(cursor) else { return nil }
        return members.compactMap { member in member.value.lenientString.map { (member.key, $0) } }
    }

    /// RFC 3986 unreserved characters stay; every other byte of the UTF-8 (`/`, `&`, 福利) is
    /// escaped.
    static func percentEncoded(_ text: String) -> String { URLText.formEncoded(text) }
}

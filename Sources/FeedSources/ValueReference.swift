import FeedModel
import JSON

/// A placeholder of a template that reads an answer (a field template, a next-cursor template,
/// a detail URL): a key path of the value being read, or of a value around it.
///
/// - `path` or `@.path`: the current value (the item a field reads; the page itself for a
///   next cursor); `@` alone is the value itself (an id in a list of ids).
/// - `$.path`, or `$` alone: the whole answer, the page's root (the Art Institute of Chicago's
///   `{$.config.iiif_url}`).
/// - `$last.path`: the last element of the page's item array (`b{$last.id}`: Danbooru's and
///   Mastodon's cursors taken from the last item).
enum ValueReference: Sendable, Hashable {
    /// A path in the current value.
    case current(ValuePath)
    /// A path in the page's root.
    case root(ValuePath)
    /// A path in the page's last item.
    case last(ValuePath)

    /// The reference a placeholder names.
    init(_ name: Substring) {
        if name == "@" || name == "$" || name == "$last" {
            self = name == "@" ? .current(ValuePath("")) : name == "$" ? .root(ValuePath("")) : .last(ValuePath(""))
        } else if name.hasPrefix("@.") {
            self = .current(ValuePath(String(name.dropFirst(2))))
        } else if name.hasPrefix("$.") {
            self = .root(ValuePath(String(name.dropFirst(2))))
        } else if name.hasPrefix("$last.") {
            self = .last(ValuePath(String(name.dropFirst(6))))
        } else {
            self = .current(ValuePath(String(name)))
        }
    }

    /// Whether `name` explicitly names a scope (`@…`, `$…`), rather than being a bare key path.
    static func isScoped(_ name: Substring) -> Bool { name.hasPrefix("@") || name.hasPrefix("$") }

    /// Whether `name` reads the page's last item.
    static func readsLastItem(_ name: Substring) -> Bool { name == "$last" || name.hasPrefix("$last.") }

    /// The value it names in `scope`, or `nil`.
    func value(in scope: ValueScope) -> JSON? {
        switch self {
        case .current(let path): return path.value(in: scope.current)
        case .root(let path): return scope.root.flatMap { path.value(in: $0) }
        case .last(let path): return scope.last.flatMap { path.value(in: $0) }
        }
    }
}

/// The values a template's references read: the current value, the page's root and its last item.
struct ValueScope: Sendable {
    /// The value being read (an item; the page for page-level templates).
    var current: JSON
    /// The whole answer, when known.
    var root: JSON?
    /// The last element of the page's item array, when known.
    var last: JSON?
}

/// A template whose placeholders are `ValueReference`s, resolved once.
struct ValueTemplate: Sendable, Hashable {
    /// The template as parsed.
    let template: Template
    /// One reference per placeholder, in order.
    let references: [ValueReference]

    init(_ template: Template) {
        self.template = template
        references = template.placeholders.map(ValueReference.init)
    }

    /// The text with every placeholder's value inserted as the API wrote it; `nil` when one is
    /// missing, null, empty, an object or an array.
    func rendered(in scope: ValueScope) -> String? {
        var result = ""
        var next = 0
        for part in template.parts {
            switch part {
            case .literal(let text): result += text
            case .placeholder:
                guard let text = references[next].value(in: scope)?.lenientString, !text.isEmpty else { return nil }
                result += text
                next += 1
            }
        }
        return result
    }
}

/// A URI reference split into its five components (RFC 3986 §3, parsed as by the regular
/// expression of Appendix B), and its resolution against a base URI (§5.2).
///
/// APIs list images as `/media/a.jpg`, `../thumbs/a.png` or `//cdn.example.com/a.jpg`; the
/// custom source resolves them against the URL of the page that listed them. The work is on
/// text, component by component: nothing is percent-encoded or decoded, so what the API wrote
/// is kept byte for byte.
public struct URIReference: Sendable, Equatable, CustomStringConvertible {
    /// The scheme without its `:`, e.g. `https`.
    public var scheme: Substring?
    /// The authority without its leading `//`, e.g. `user@example.com:8080`.
    public var authority: Substring?
    /// The path, possibly empty.
    public var path: Substring
    /// The query without its `?`.
    public var query: Substring?
    /// The fragment without its `#`.
    public var fragment: Substring?

    /// Splits `text` (every string is a URI reference under Appendix B's expression).
    public init(_ text: String) {
        var rest = text[...]
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        // A scheme is the text before the first ":" when no "/" comes before it.
        if let colon = rest.firstIndex(of: ":"), colon > rest.startIndex, !rest[..<colon].contains("/") {
            scheme = rest[..<colon]
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let start = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[start...].firstIndex(of: "/") ?? rest.endIndex
            authority = rest[start..<end]
            rest = rest[end...]
        }
        path = rest
    }

    /// Whether `text` has a scheme (`URIReference(text).scheme != nil`), found in one pass over
    /// its bytes without splitting it: an API's absolute image URL is used as written, and
    /// splitting every one would cost more than mapping its item. Text that is not ASCII up to
    /// the deciding byte (which a combining mark could join into another character) is split as
    /// `init` does.
    public static func hasScheme(_ text: String) -> Bool {
        var copy = text
        let answer: Bool? = copy.withUTF8 { bytes in
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                let decides = byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
                guard decides else { continue }
                if offset + 1 < bytes.count, bytes[offset + 1] >= 0x80 { return nil }
                return byte == UInt8(ascii: ":") && offset > 0
            }
            return false
        }
        return answer ?? (URIReference(text).scheme != nil)
    }

    private init(scheme: Substring?, authority: Substring?, path: Substring, query: Substring?, fragment: Substring?) {
        (self.scheme, self.authority, self.path, self.query, self.fragment) = (scheme, authority, path, query, fragment)
    }

    /// The target URI of this reference against `base` (RFC 3986 §5.2.2, strict: a reference
    /// with a scheme is already absolute).
    public func resolved(against base: URIReference) -> URIReference {
        if let scheme {
            return URIReference(scheme: scheme, authority: authority, path: Self.removingDotSegments(path), query: query, fragment: fragment)
        }
        if authority != nil {
            return URIReference(scheme: base.scheme, authority: authority, path: Self.removingDotSegments(path), query: query, fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query, fragment: fragment)
        }
        let merged = path.hasPrefix("/") ? path : merging(path, into: base)
        return URIReference(scheme: base.scheme, authority: base.authority, path: Self.removingDotSegments(merged), query: query, fragment: fragment)
    }

    /// `reference` resolved against `base`, as text: `resolve("../g", against: "http://a/b/c/d")`
    /// is `http://a/b/g`.
    public static func resolve(_ reference: String, against base: String) -> String {
        URIReference(reference).resolved(against: URIReference(base)).description
    }

    /// §5.2.3: the reference's path appended to the base path without its last segment.
    private func merging(_ relative: Substring, into base: URIReference) -> Substring {
        if base.authority != nil && base.path.isEmpty { return "/" + relative }
        guard let slash = base.path.lastIndex(of: "/") else { return relative }
        return base.path[...slash] + relative
    }

    /// §5.2.4: `.` and `..` segments removed, as the RFC's loop does it.
    static func removingDotSegments(_ path: Substring) -> Substring {
        var input = path
        var output: [Substring] = []  // each element is "/segment" or, first, a leading "segment"
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return Substring(output.joined())
    }

    /// §5.3: the components recomposed.
    public var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }
}

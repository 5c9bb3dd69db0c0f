/// RFC 8288 `Link` headers, as GitHub, Picsum and Unsplash page with them:
/// `<https://api.example.com/items?page=3>; rel="next", <...?page=9>; rel="last"`.
public enum LinkHeader {
    /// One link: its target as written (maybe relative) and its relation types, lower-cased.
    public struct Link: Sendable, Equatable {
        /// The URI reference between `<` and `>`.
        public var target: String
        /// The `rel` parameter's space-separated types.
        public var relations: [String]
    }

    /// The links of `value`, in order. A target may hold commas and semicolons, so the text is
    /// scanned, not split; a malformed link is skipped.
    public static func links(_ value: String) -> [Link] {
        var links: [Link] = []
        var rest = value[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // The parameters run to the next "," outside a quoted string.
            var inQuotes = false
            let end = rest.firstIndex { character in
                if character == "\"" { inQuotes.toggle() }
                return character == "," && !inQuotes
            } ?? rest.endIndex
            links.append(Link(target: target, relations: relations(in: rest[..<end])))
            rest = rest[end...]
        }
        return links
    }

    /// `true` when `value` has a link whose `rel` includes `next`.
    public static func hasNext(_ value: String) -> Bool { nextTarget(value) != nil }

    /// The target of the first link whose `rel` includes `next`.
    public static func nextTarget(_ value: String) -> String? {
        links(value).first { $0.relations.contains("next") }?.target
    }

    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t\"") }
            if pair.count == 2 && pair[0].lowercased() == "rel" {
                return pair[1].lowercased().split(separator: " ").map(String.init)
            }
        }
        return []
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

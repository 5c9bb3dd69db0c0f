/// RFC 8288 `Link` headers, as GitHub and Unsplash page with them.
public enum LinkHeader {
    /// `true` when `value` has a link whose `rel` includes `next`.
    public static func hasNext(_ value: String) -> Bool {
        value.split(separator: ",").contains { link in
            link.split(separator: ";").dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t\"") }
                return pair.count == 2 && pair[0].lowercased() == "rel" && pair[1].split(separator: " ").contains("next")
            }
        }
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

/// The scheme of a URL written as text. Schemes are case-insensitive (RFC 3986, 3.1):
/// `HTTP://example.com/` is an http URL.
public enum URLScheme {
    /// The scheme of `text`, lower-cased, or `nil` when it does not start with one.
    public static func of(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    /// `true` when `text` starts with `http://` or `https://`, in any case.
    public static func isHTTP(_ text: String) -> Bool {
        guard let scheme = of(text), scheme == "http" || scheme == "https" else { return false }
        return text.utf8.dropFirst(scheme.utf8.count).starts(with: "://".utf8)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

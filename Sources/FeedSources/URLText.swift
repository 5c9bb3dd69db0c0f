import Foundation
import Network

/// URLs as text: built from templates, joined, made valid without encoding twice.
///
/// Foundation's `URL(string:)` percent-encodes a whole string again, `%` included, as soon as
/// one character in it needs encoding (`?x=[1]&q=caf%C3%A9` would become `caf%25C3%25A9`), so
/// every URL is made valid here first, keeping the escapes it already has.
enum URLText {
    /// `text` as a `URL`, after `encodingInvalidCharacters`; `nil` when it still is none.
    static func url(_ text: String) -> URL? {
        URL(string: encodingInvalidCharacters(text))
    }

    /// `text` with every byte that may not stand in a URL's path, query or fragment
    /// percent-encoded (`[`, `]`, a space, `{`, UTF-8, a second `#`, a `%` not followed by two
    /// hex digits); escapes already there, and the scheme and authority, are kept as written.
    static func encodingInvalidCharacters(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0
        if let scheme = URLScheme.of(text), bytes.dropFirst(scheme.utf8.count).starts(with: "://".utf8) {
            start = scheme.utf8.count + 3
            while start < bytes.count, !"/?#".utf8.contains(bytes[start]) { start += 1 }
        }
        var encoded = Array(bytes[..<start])
        encoded.reserveCapacity(bytes.count + 16)
        var seenFragment = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                encoded.append(byte)
            } else if byte == UInt8(ascii: "#"), !seenFragment {
                seenFragment = true
                encoded.append(byte)
            } else if isAllowed(byte) && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "#") {
                encoded.append(byte)
            } else {
                encoded += escape(byte)
            }
            index += 1
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// `base` and `rest` joined as a path is extended (Moya's `appendingPathComponent`): one
    /// slash between them whether either side has one or not; a `rest` that starts with `?` or
    /// `#` is appended without one. Queries of both sides are kept, `base`'s first.
    static func join(base: String, rest: String) -> String {
        guard !rest.isEmpty else { return base }
        let (basePath, baseQuery, baseFragment) = split(base)
        let (restPath, restQuery, restFragment) = split(rest)
        var path = Substring(basePath)
        if !restPath.isEmpty {
            while path.hasSuffix("/") && !path.hasSuffix("://") { path = path.dropLast() }
            path += "/" + restPath.drop { $0 == "/" }
        }
        let queries = [baseQuery, restQuery].compactMap { $0 }.filter { !$0.isEmpty }
        var joined = String(path)
        if !queries.isEmpty { joined += "?" + queries.joined(separator: "&") }
        else if baseQuery != nil || restQuery != nil { joined += "?" }
        if let fragment = restFragment ?? baseFragment { joined += "#" + fragment }
        return joined
    }

    /// Every byte but the RFC 3986 unreserved characters percent-encoded: for a value put in a
    /// URL or a form (`/`, `&`, `=`, `+`, 福 all escaped).
    static func formEncoded(_ text: String) -> String {
        PercentEncoding.encodeComponent(text)
    }

    /// `text` split into the part before the query, the query and the fragment.
    private static func split(_ text: String) -> (path: Substring, query: Substring?, fragment: Substring?) {
        var rest = text[...]
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        guard let question = rest.firstIndex(of: "?") else { return (rest, nil, fragment) }
        return (rest[..<question], rest[rest.index(after: question)...], fragment)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func escape(_ byte: UInt8) -> [UInt8] {
        [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What may stand in a path, query or fragment as is: unreserved, sub-delimiters, `:`, `@`,
    /// `/`, `?`, and `%` and `#` (each decided by its context).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || "!$&'()*+,;=:@/?%#".utf8.contains(byte)
    }
}

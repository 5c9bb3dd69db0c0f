/// What comes before and after the JSON in answers that wrap it: a JSONP callback
/// (`jsonFlickrApi({...})`, `/**/cb({...});`) and the anti-XSSI prefixes that make an answer
/// unusable as a script (`)]}'` as Google's APIs send, `while(1);`, `for(;;);`).
enum ResponseBody {
    /// The prefixes servers put before JSON so that it does not run as a script.
    static let guardPrefixes: [[UInt8]] = [")]}'", "while(1);", "for(;;);"].map { Array($0.utf8) }

    /// The JSON inside `body` (after a UTF-8 byte order mark), or `nil` when it has no wrapper
    /// this knows.
    static func unwrapped(_ body: [UInt8]) -> ArraySlice<UInt8>? {
        var text = trimmed(body[...])
        let hasByteOrderMark = text.starts(with: [0xEF, 0xBB, 0xBF])
        if hasByteOrderMark { text = trimmed(text.dropFirst(3)) }
        if let prefix = guardPrefixes.first(where: { text.starts(with: $0) }) {
            text = trimmed(text.dropFirst(prefix.count))
            if text.first == UInt8(ascii: ",") { text = trimmed(text.dropFirst()) }
            return text
        }
        return callbackArgument(text) ?? (hasByteOrderMark ? text : nil)
    }

    /// The argument of `name(...)` or `name(...);`, `name` a JavaScript identifier or dotted
    /// path, optionally after a `/**/` comment.
    private static func callbackArgument(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var rest = text
        if rest.starts(with: Array("/**/".utf8)) { rest = trimmed(rest.dropFirst(4)) }
        let name = rest.prefix { isIdentifier($0) }
        guard let first = name.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        rest = trimmed(rest.dropFirst(name.count))
        guard rest.first == UInt8(ascii: "(") else { return nil }
        rest = rest.dropFirst()
        if rest.last == UInt8(ascii: ";") { rest = trimmed(rest.dropLast()) }
        guard rest.last == UInt8(ascii: ")") else { return nil }
        return trimmed(rest.dropLast())
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
        return bytes[start...end]
    }
}

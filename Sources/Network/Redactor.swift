import Foundation
import JSON

/// Decides which header, query and body names hold secrets, and hides their values.
///
/// A name is secret when, lower-cased and without `-`/`_`, it is one of the well-known
/// credential names (`authorization`, `cookie`, `set-cookie`, `client_id`, `key`, ...), contains
/// `token`, `secret`, `password`, `cookie`, `apikey`, `accesskey`, `privatekey`, `session` or
/// `signature`, or is one of the names the caller marked secret.
public struct Redactor: Sendable {
    /// What replaces a secret value.
    public static let placeholder = "REDACTED"

    /// The built-in rules with no extra names.
    public static let standard = Redactor()

    private static let secretNames: Set<String> = [
        "authorization", "proxyauthorization", "cookie", "setcookie", "clientid", "key", "sig", "auth",
    ]
    private static let secretFragments = [
        "token", "secret", "password", "passwd", "cookie", "apikey", "accesskey", "privatekey", "session", "signature",
    ]

    private let extraNames: Set<String>

    /// The built-in rules plus `secretNames` (compared case-insensitively, ignoring `-` and `_`).
    public init(secretNames: some Sequence<String> = [String]()) {
        extraNames = Set(secretNames.map(Redactor.normalized))
    }

    /// `true` when a header, query item or body member called `name` holds a secret.
    public func isSecret(_ name: String) -> Bool {
        let key = Redactor.normalized(name)
        if Redactor.secretNames.contains(key) || extraNames.contains(key) { return true }
        return Redactor.secretFragments.contains { key.contains($0) }
    }

    /// `headers` with the values of secret headers replaced, sorted by name for stable output.
    public func redact(headers: [String: String]) -> [(name: String, value: String)] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { (name: $0.key, value: isSecret($0.key) ? Redactor.placeholder : $0.value) }
    }

    /// `url` without user info and with the values of secret query items replaced.
    public func redact(url: URL) -> String {
        redact(urlString: url.absoluteString)
    }

    /// A URL given as text, whether or not it parses as one: the user info dropped and the
    /// values of secret query (and fragment) items replaced, every other character kept, so
    /// that a URL that fails still shows what is wrong with it.
    public func redact(urlString: String) -> String {
        var rest = urlString[...]
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var redacted = String(Redactor.withoutUserInfo(rest))
        if let query { redacted += "?" + redact(formEncoded: String(query)) }
        if let fragment { redacted += "#" + (fragment.contains("=") ? redact(formEncoded: String(fragment)) : String(fragment)) }
        return redacted
    }

    /// `scheme://user:password@host/path` without `user:password@`.
    private static func withoutUserInfo(_ text: Substring) -> Substring {
        guard let separator = text.range(of: "://") else { return text }
        let authorityStart = separator.upperBound
        let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
        guard let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") else { return text }
        return text[..<authorityStart] + text[text.index(after: at)...]
    }

    /// Form-encoded `name=value&...` text with the values of secret names replaced.
    public func redact(formEncoded text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            return isSecret(PercentEncoding.decode(name)) ? "\(name)=\(Redactor.placeholder)" : String(pair)
        }.joined(separator: "&")
    }

    /// `json` with the values of secret object members replaced, at any depth.
    public func redact(json: JSON) -> JSON {
        switch json {
        case .object(let members):
            return .object(JSONObject(members.map { member in
                (member.key, isSecret(member.key) ? JSON.string(Redactor.placeholder) : redact(json: member.value))
            }))
        case .array(let elements):
            return .array(elements.map { redact(json: $0) })
        default:
            return json
        }
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }
}

import JSON

/// Writes parameters as `application/x-www-form-urlencoded` text, the way Alamofire's
/// `URLEncoding` does: keys sorted, arrays as `key[]=`, objects as `key[member]=`, booleans as
/// `true`/`false`, every key and value percent-encoded per RFC 3986.
enum URLQueryEncoder {
    /// The query text for `parameters`, e.g. `page=1&q=a%20b`.
    static func query(_ parameters: [String: JSON]) -> String {
        var pairs: [String] = []
        for key in parameters.keys.sorted() {
            append(parameters[key]!, named: key, to: &pairs)
        }
        return pairs.joined(separator: "&")
    }

    private static func append(_ value: JSON, named name: String, to pairs: inout [String]) {
        switch value {
        case .array(let elements):
            for element in elements { append(element, named: name + "[]", to: &pairs) }
        case .object(let members):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                append(member, named: "\(name)[\(key)]", to: &pairs)
            }
        case .null:
            pairs.append(PercentEncoding.encodeComponent(name))
        case .bool(let flag):
            pairs.append(pair(name, flag ? "true" : "false"))
        case .int(let number):
            pairs.append(pair(name, String(number)))
        case .double(let number):
            pairs.append(pair(name, String(number)))
        case .string(let text):
            pairs.append(pair(name, text))
        }
    }

    private static func pair(_ name: String, _ value: String) -> String {
        PercentEncoding.encodeComponent(name) + "=" + PercentEncoding.encodeComponent(value)
    }
}

import JSON

extension FeedInput {
    /// The values of this input that must never be shown: the access key, every header value
    /// (the input's and the source's; of an `Authorization`-style `scheme credentials` value the
    /// credentials alone too), the envelope's starting token and an OAuth2 client's id and secret. A header template such as
    /// `Client-ID {accessKey}` is not a secret itself; the access key it takes is.
    public var secrets: [String] { Self.secrets(inMembers: members) }

    /// The same secrets read from raw `input` members, also ones not (or not yet) read: an
    /// `updateInput` delta, or an input about to be refused. Only string values count.
    public static func secrets(inMembers members: JSONObject) -> [String] {
        let oauth2 = members["custom"]?["oauth2"]
        var values = [members["accessKey"], members["auth"]?["token"], oauth2?["clientId"], oauth2?["clientSecret"]].compactMap { $0?.stringValue }
        for headers in [members["headers"], members["custom"]?["headers"]].compactMap({ $0?.objectValue }) {
            for (_, value) in headers {
                if let text = value.stringValue, !text.contains("{") { values += headerSecrets(text) }
            }
        }
        return values.filter { !$0.isEmpty }
    }

    /// A header value, and of a `scheme credentials` value the credentials alone.
    private static func headerSecrets(_ value: String) -> [String] {
        let words = value.split(separator: " ", maxSplits: 1)
        return words.count == 2 ? [value, String(words[1])] : [value]
    }
}

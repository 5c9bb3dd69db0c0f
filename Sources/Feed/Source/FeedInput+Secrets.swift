extension FeedInput {
    /// The values of this input that must never be shown: the access key, every header value
    /// (the input's and the source's; of an `Authorization`-style `scheme credentials` value the
    /// credentials alone too) and the envelope's starting token. A header template such as
    /// `Client-ID {accessKey}` is not a secret itself; the access key it takes is.
    public var secrets: [String] {
        var values = [accessKey] + (tokenRenewal?.token.map { [$0] } ?? [])
        for value in config.headers.values where !value.contains("{") {
            values.append(value)
            let words = value.split(separator: " ", maxSplits: 1)
            if words.count == 2 { values.append(String(words[1])) }
        }
        return values.filter { !$0.isEmpty }
    }
}

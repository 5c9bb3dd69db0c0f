import FeedModel
import JSON

extension FeedInput {
    /// Members that change how a session behaves, not which items its pages hold.
    static let sessionOnlyMembers: Set<String> = [
        "source", "category", "hud", "prefetchDistance", "stubDelayMs", "staleAfterMs", "refreshIntervalMs", "autoShowNew", "retry",
    ]

    /// The feed this input shows, as a store names it: the source, the category, every member
    /// that decides what a page holds (the custom source's description, the base URL, the page
    /// size, headers, ...) and the secrets it is fetched with. Inputs that differ only in how
    /// the session behaves (`hud`, `prefetchDistance`, `staleAfterMs`, ...) show the same feed.
    public var feedKey: FeedKey {
        var configuration = JSONObject()
        for (name, value) in members where !Self.sessionOnlyMembers.contains(name) { configuration[name] = value }
        // What defaults decide is written out, so `{}` and `{"pageSize": 10}` name one feed.
        configuration["pageSize"] = .int(Int64(pageSize))
        configuration["baseURL"] = .string(baseURL)
        configuration["total"] = source == .stub ? .int(Int64(total)) : nil
        return FeedKey(source: source.rawValue, category: category, configuration: .object(configuration), secrets: secrets)
    }
}

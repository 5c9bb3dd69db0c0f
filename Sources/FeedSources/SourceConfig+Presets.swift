import JSON

extension SourceConfig {
    /// gank.io v1: `GET {baseURL}{category}/{pageSize}/{page}`, pages from 1, answering
    /// `{"error": false, "results": [{"_id", "desc", "url", "who", "source", "publishedAt", ...}]}`.
    /// It has no total, so a short page ends the list.
    public static var gank: SourceConfig {
        var config = SourceConfig(
            urlTemplate: "{baseURL}{category}/{pageSize}/{page}",
            fields: FieldMap(id: ["_id"], title: ["desc"], imageURL: ["url"], author: ["who"], source: ["source"], publishedAt: ["publishedAt", "createdAt"]))
        config.itemsPath = "results"
        config.errorFlagPath = "error"
        return config
    }

    /// Unsplash: `GET {baseURL}photos?page=&per_page=` with `Authorization: Client-ID {accessKey}`,
    /// answering an array of photos. End of list from `Link`, else `X-Total`, else a short page;
    /// error bodies `{"errors": [...]}` give the message.
    public static var unsplash: SourceConfig {
        var config = SourceConfig(
            urlTemplate: "{baseURL}photos",
            fields: FieldMap(
                id: ["id"], title: ["description", "alt_description"], imageURL: ["urls.regular"], thumbnailURL: ["urls.thumb"],
                author: ["user.name"], publishedAt: ["created_at"], width: ["width"], height: ["height"]))
        config.query = ["page": "{page}", "per_page": "{pageSize}"]
        config.headers = ["Authorization": "Client-ID {accessKey}"]
        config.usesLinkHeader = true
        config.totalHeader = "X-Total"
        config.messagePaths = ["errors.0", "error_description", "error"]
        return config
    }

    /// The seed-004 envelope: `{"code", "msg", "data": {"list": [...], "count"|"total"}}`; any
    /// code other than `successCode` is a failure carrying `msg`. Pages from 1 via query
    /// parameters `page`, `pageSize` and `category`.
    public static func envelope(successCode: JSON = 0) -> SourceConfig {
        var config = SourceConfig(
            urlTemplate: "{baseURL}",
            fields: FieldMap(
                id: ["id"], title: ["title"], imageURL: ["imageURL", "image", "url"], thumbnailURL: ["thumbnailURL", "thumb"],
                author: ["author"], source: ["source"], publishedAt: ["publishedAt"], width: ["width"], height: ["height"]))
        config.query = ["page": "{page}", "pageSize": "{pageSize}", "category": "{category}"]
        config.itemsPath = "data.list"
        config.totalPaths = ["data.count", "data.total"]
        config.codePath = "code"
        config.successCode = successCode
        config.messagePaths = ["msg", "message"]
        return config
    }

    /// The stub catalog's pages as an envelope API under `stub://feed/` writes them (the stub
    /// source itself hands its pages over directly: `StubFeedSource`).
    public static var stub: SourceConfig { envelope() }
}

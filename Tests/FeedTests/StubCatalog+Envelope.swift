import FeedModel
import FeedSources
import JSON

extension StubCatalog {
    /// The page `request` asks for as an envelope API writes it (`{"code": 0, "msg": "ok",
    /// "data": {"list", "total"}}`, each item under the names the envelope preset reads): what
    /// the tests' HTTP-shaped stub serves, so that the envelope mapping reads the catalog.
    func envelopeBody(for request: PageRequest) -> [UInt8] {
        let page = page(for: request)
        let data: JSON = ["list": .array(page.items.map(Self.record)), "total": .int(Int64(total))]
        let body: JSON = ["code": 0, "msg": "ok", "data": data]
        return body.serialized()
    }

    private static func record(_ item: FeedItem) -> JSON {
        var record = JSONObject()
        record.appendUnchecked(key: "id", value: .string(item.id))
        record.appendUnchecked(key: "title", value: .string(item.title))
        let texts = [("imageURL", item.imageURL), ("thumbnailURL", item.thumbnailURL), ("author", item.author), ("source", item.source),
                     ("publishedAt", item.publishedAt)]
        for case let (key, text?) in texts { record.appendUnchecked(key: key, value: .string(text)) }
        for case let (key, number?) in [("width", item.width), ("height", item.height)] { record.appendUnchecked(key: key, value: .int(Int64(number))) }
        return .object(record)
    }
}

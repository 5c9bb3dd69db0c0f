import Feed
import FeedModel
import JSON

extension FeedSection {
    /// A section: `{"items": [FeedItem]}`, plus `"header"` when it has one.
    var wireJSON: JSON {
        var object = JSONObject()
        if let header { object.appendUnchecked(key: "header", value: .string(header)) }
        object.appendUnchecked(key: "items", value: .array(items.map(\.wireJSON)))
        return .object(object)
    }
}

extension Array where Element == FeedSection {
    /// A snapshot: the array of its sections.
    var wireJSON: JSON { .array(map(\.wireJSON)) }
}

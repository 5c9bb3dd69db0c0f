import Feed
import FeedModel
import JSON

extension FeedItem {
    /// A FeedItem (protocol/README.md section 5): `{"id", "title"}` plus, when known, `imageURL`,
    /// `thumbnailURL`, `author`, `source`, `publishedAt`, `width`, `height`; an unknown field is
    /// left out, never `null`. The fields a local edit set beyond these (`extra`) follow them.
    var wireJSON: JSON {
        var object = JSONObject()
        object.reserveCapacity(2 + knownOptionalFields)  // one allocation per array, not four
        object.appendUnchecked(key: "id", value: .string(id))
        object.appendUnchecked(key: "title", value: .string(title))
        if let imageURL { object.appendUnchecked(key: "imageURL", value: .string(imageURL)) }
        if let thumbnailURL { object.appendUnchecked(key: "thumbnailURL", value: .string(thumbnailURL)) }
        if let author { object.appendUnchecked(key: "author", value: .string(author)) }
        if let source { object.appendUnchecked(key: "source", value: .string(source)) }
        if let publishedAt { object.appendUnchecked(key: "publishedAt", value: .string(publishedAt)) }
        if let width { object.appendUnchecked(key: "width", value: .int(Int64(width))) }
        if let height { object.appendUnchecked(key: "height", value: .int(Int64(height))) }
        if let extra {
            for (name, value) in extra where object[name] == nil { object[name] = value }
        }
        return .object(object)
    }

    private var knownOptionalFields: Int {
        var count = 0
        if imageURL != nil { count += 1 }
        if thumbnailURL != nil { count += 1 }
        if author != nil { count += 1 }
        if source != nil { count += 1 }
        if publishedAt != nil { count += 1 }
        if width != nil { count += 1 }
        if height != nil { count += 1 }
        return count
    }
}

import JSON

extension FeedItem {
    /// The fields `patched(with:)` sets by name; any other field goes into `extra`.
    public static let patchableFields: Set<String> = ["title", "imageURL", "thumbnailURL", "author", "source", "publishedAt", "width", "height"]

    /// Why `fields` cannot patch an item (the field and the reason), or `nil` when they can:
    /// `id` never changes, `title` is a string, the other known fields a string or an integer
    /// as the item holds them, or `null` to clear them.
    public static func patchProblem(_ fields: JSONObject) -> (field: String, reason: String)? {
        for (name, value) in fields {
            switch name {
            case "id": return (name, "cannot be changed")
            case "title": if value.stringValue == nil { return (name, "must be a string") }
            case "width", "height": if !value.isNull && value.integerValue == nil { return (name, "must be an integer or null") }
            case _ where patchableFields.contains(name): if !value.isNull && value.stringValue == nil { return (name, "must be a string or null") }
            default: continue
            }
        }
        return nil
    }

    /// The item with `fields` set: the known ones by name (`null` clears an optional one), the
    /// others in `extra` (`null` removes one). Fields `patchProblem` refuses are ignored.
    public func patched(with fields: JSONObject) -> FeedItem {
        var item = self
        for (name, value) in fields {
            switch name {
            case "id": continue
            case "title": if let text = value.stringValue { item.title = text }
            case "imageURL": item.imageURL = value.stringValue
            case "thumbnailURL": item.thumbnailURL = value.stringValue
            case "author": item.author = value.stringValue
            case "source": item.source = value.stringValue
            case "publishedAt": item.publishedAt = value.stringValue
            case "width": item.width = value.integerValue
            case "height": item.height = value.integerValue
            default:
                var extra = item.extra ?? JSONObject()
                if value.isNull { extra[name] = nil } else { extra[name] = value }
                item.extra = extra.isEmpty ? nil : extra
            }
        }
        return item
    }
}

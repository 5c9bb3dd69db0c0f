import FeedModel
import JSON

extension FieldMap {
    /// Reads a map from `{"id": "_id", "title": ["description", "alt_description"],
    /// "thumbnailURL": {"path": "thumbnail_url", "fill": {"width": 640, "height": 360}},
    /// "extra": {"likes": "likes"}, ...}`.
    init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: Set(Self.names))
        func paths(_ name: String) throws(FeedInputError) -> [FieldPath]? {
            try reader.object[name].map { value throws(FeedInputError) in try Self.fieldPaths(value, field: reader.path(name)) }
        }
        guard let id = try paths("id") else { throw FeedInputError(field: reader.path("id"), reason: "is required") }
        self.init(
            id: id, title: try paths("title") ?? ["title"], imageURL: try paths("imageURL") ?? [],
            thumbnailURL: try paths("thumbnailURL") ?? [], author: try paths("author") ?? [],
            source: try paths("source") ?? [], publishedAt: try paths("publishedAt") ?? [],
            width: try paths("width") ?? [], height: try paths("height") ?? [], extra: try Self.extras(reader))
    }

    /// `fields.extra`: `{"name": FieldPaths}`, in the order written.
    private static func extras(_ reader: JSONFieldReader) throws(FeedInputError) -> [Extra] {
        guard let value = reader.object["extra"], !value.isNull else { return [] }
        guard case .object(let members) = value else {
            throw FeedInputError(field: reader.path("extra"), reason: "must be an object of key paths")
        }
        var extras: [Extra] = []
        for (name, paths) in members {
            extras.append(Extra(name: name, paths: try fieldPaths(paths, field: "\(reader.path("extra")).\(name)")))
        }
        return extras
    }

    /// One field's alternatives: a key path or template, `{"path", "fill"}`, or a non-empty
    /// array of them.
    static func fieldPaths(_ value: JSON, field: String) throws(FeedInputError) -> [FieldPath] {
        if case .array(let list) = value {
            guard !list.isEmpty else { throw FeedInputError(field: field, reason: "must be a key path or a non-empty array of key paths") }
            var paths: [FieldPath] = []
            for (index, element) in list.enumerated() { paths.append(try fieldPath(element, field: "\(field).\(index)")) }
            return paths
        }
        return [try fieldPath(value, field: field)]
    }

    private static func fieldPath(_ value: JSON, field: String) throws(FeedInputError) -> FieldPath {
        if let text = value.stringValue { return FieldPath(try checkedFieldText(text, field: field)) }
        guard case .object = value else {
            throw FeedInputError(field: field, reason: "must be a key path, a field template, {\"path\", \"fill\"} or an array of them")
        }
        let reader = try JSONFieldReader(value, prefix: field)
        try reader.rejectUnknownKeys(allowed: ["path", "fill"])
        guard let path = try reader.string("path") else { throw FeedInputError(field: reader.path("path"), reason: "is required") }
        return FieldPath(try checkedFieldText(path, field: reader.path("path")), fill: try fills(reader))
    }

    /// `fill`: placeholder names to strings or numbers.
    private static func fills(_ reader: JSONFieldReader) throws(FeedInputError) -> [String: String]? {
        guard let value = reader.object["fill"], !value.isNull else { return nil }
        guard case .object(let members) = value else {
            throw FeedInputError(field: reader.path("fill"), reason: "must be an object of strings or numbers")
        }
        var fills: [String: String] = [:]
        for (name, member) in members {
            guard case .string = member, let text = member.lenientString else {
                guard let number = member.integerValue else {
                    throw FeedInputError(field: "\(reader.path("fill")).\(name)", reason: "must be a string or an integer")
                }
                fills[name] = String(number)
                continue
            }
            fills[name] = text
        }
        return fills
    }

    /// A field's key path or template, within the template limits and reading only the item and
    /// the page's root (`$last` belongs to next-cursor templates).
    private static func checkedFieldText(_ text: String, field: String) throws(FeedInputError) -> String {
        let template = try Template.checked(text, field: field)
        if let name = template.placeholders.first(where: ValueReference.readsLastItem) {
            throw FeedInputError(field: field, reason: "reads {\(name)}: $last is the page's last item, for nextCursor and nextURL; a field reads its own item (@) or the page ($.)")
        }
        return text
    }
}

extension Template {
    /// `text` parsed within the standard limits, or `-32602` naming `field`.
    static func checked(_ text: String, field: String) throws(FeedInputError) -> Template {
        do throws(Template.LimitError) {
            return try Template(checking: text)
        } catch {
            throw FeedInputError(field: field, reason: error.description)
        }
    }
}

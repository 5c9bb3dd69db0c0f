import FeedModel
import JSON

extension SourceConfig {
    /// The JSON body of `request`, or `nil` when the source sends none.
    ///
    /// Placeholders are substituted inside string values (not in member names). A string that
    /// is exactly one numeric placeholder (`"{page}"`, `"{pageSize}"`, `"{offset}"`) becomes a
    /// JSON number; an object member whose string comes out empty is left out, as an empty
    /// query parameter is (`"start_cursor": "{cursor}"` on the first page).
    public func body(for request: PageRequest, context: Context) -> [UInt8]? {
        bodyTemplate.map { substituted($0, request, context).serialized() }
    }

    private func substituted(_ template: JSON, _ request: PageRequest, _ context: Context) -> JSON {
        switch template {
        case .string(let text):
            if let name = Template(text).solePlaceholder, Self.numericPlaceholders.contains(name),
                let number = value(of: name, request, context).flatMap({ Int64($0) }) {
                return .int(number)
            }
            return .string(substitute(text, request, context))
        case .array(let elements):
            return .array(elements.map { substituted($0, request, context) })
        case .object(let object):
            var members = JSONObject()
            for (key, value) in object {
                let member = substituted(value, request, context)
                if case .string("") = member, case .string(let text) = value, text.contains("{") { continue }
                members.appendUnchecked(key: key, value: member)
            }
            return .object(members)
        default:
            return template
        }
    }
}

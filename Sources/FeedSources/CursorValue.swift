import JSON

/// How a next cursor, next URL or next page number read from an answer is taken.
///
/// A string or a number is the cursor (`"c2"`, `2`, `"2"`); absent, `null`, `false`, `0` and
/// `""` mean there is no next page (an API that answers `"nextPage": 2` and then
/// `"nextPage": false`). `true`, an object or an array is no cursor: the list ends, with a
/// warning that names the key. Query paging takes an object instead (see `continuation`).
enum CursorValue: Equatable {
    /// The next page's cursor.
    case cursor(String)
    /// No next page.
    case end
    /// A value that cannot be a cursor, described (`true`, `an object`).
    case invalid(String)

    /// How `value` reads as a cursor.
    init(_ value: JSON?) {
        switch value {
        case nil, .null?, .bool(false)?, .int(0)?, .string("")?: self = .end
        case .double(let number)? where number == 0: self = .end
        case .string(let text)?: self = .cursor(text)
        case .int?, .double?: self = value?.lenientString.map(CursorValue.cursor) ?? .end
        case .bool(true)?: self = .invalid("true")
        case .array?: self = .invalid("an array")
        case .object?: self = .invalid("an object")
        }
    }

    /// A continuation object for query paging: its JSON text is the cursor; a missing, empty
    /// or null object ends the list.
    static func continuation(_ value: JSON?) -> CursorValue {
        switch value {
        case nil, .null?, .bool(false)?: return .end
        case .object(let members)?: return members.isEmpty ? .end : .cursor(JSON.object(members).jsonString)
        default: return .invalid(value.map(describe) ?? "missing")
        }
    }

    private static func describe(_ value: JSON) -> String {
        switch value {
        case .array: return "an array"
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool(let flag): return flag ? "true" : "false"
        default: return "not an object"
        }
    }
}

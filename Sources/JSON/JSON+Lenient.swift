/// Lenient reads, in the spirit of ObjectMapper: APIs write the same field as `12`, `12.0` or
/// `"12"`, and a mapping should take all of them. Each rule is exact and documented; anything it
/// does not name is `nil`, so a lenient read never invents a value.
extension JSON {
    /// An `Int` from:
    /// - `.int` that fits `Int`;
    /// - `.double` with no fractional part that fits `Int` (`12.0` -> 12; `12.5` -> `nil`);
    /// - `.string` whose text, ignoring surrounding JSON whitespace, is a JSON number that the
    ///   two rules above accept (`"12"`, `" 12 "`, `"1.2e1"` -> 12; `"12abc"`, `"0x10"` -> `nil`).
    ///
    /// Booleans are not numbers: `true.lenientInt` is `nil`.
    public var lenientInt: Int? {
        switch self {
        case .int, .double: return integerValue
        case .string(let text): return Self.number(in: text)?.integerValue
        default: return nil
        }
    }

    /// A `Double` from `.int`, `.double`, or a `.string` whose text, ignoring surrounding JSON
    /// whitespace, is a JSON number (`"1.5"`; not `"NaN"`, `"inf"` or `"1,5"`). Booleans are not numbers.
    public var lenientDouble: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Self.number(in: text)?.doubleValue
        default: return nil
        }
    }

    /// A `String` from `.string` (as is), `.int` (decimal), `.double` (its JSON text, e.g.
    /// `"1.5"`, `"12.0"`) or `.bool` (`"true"`/`"false"`). `null`, arrays and objects are `nil`.
    public var lenientString: String? {
        switch self {
        case .string(let value): return value
        case .int, .double, .bool: return jsonString
        default: return nil
        }
    }

    /// A `Bool` from:
    /// - `.bool`;
    /// - the numbers `1`/`0` (also `1.0`/`0.0`); other numbers are `nil`;
    /// - the strings, ignoring case and surrounding whitespace, `"true"`, `"yes"`, `"1"`
    ///   (-> `true`) and `"false"`, `"no"`, `"0"` (-> `false`).
    public var lenientBool: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(1): return true
        case .int(0): return false
        case .double(let value): return value == 1 ? true : value == 0 ? false : nil
        case .string(let text):
            switch Self.trimmed(text).lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The number `text` spells in JSON syntax, or `nil`; reuses the strict parser so the rules
    /// for what a number is live in one place.
    private static func number(in text: String) -> JSON? {
        guard let value = try? JSON.parse(text, maxDepth: 0) else { return nil }
        switch value {
        case .int, .double: return value
        default: return nil
        }
    }

    private static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return text[first...last]
    }
}

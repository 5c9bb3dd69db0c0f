import JSON

/// The values a transcript's `$var:NAME` placeholders have captured so far.
struct TranscriptBindings {
    private(set) var values: [String: JSON] = [:]

    /// `value` with every bound `"$var:NAME"` string replaced by its value (for client messages).
    func substitute(_ value: JSON) throws -> JSON {
        switch value {
        case .string(let text) where text.hasPrefix("$var:"):
            let name = String(text.dropFirst(5))
            guard let bound = values[name] else { throw TranscriptFailure("$var:\(name) is used before a server message bound it") }
            return bound
        case .array(let elements):
            return .array(try elements.map(substitute))
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object { result.appendUnchecked(key: key, value: try substitute(member)) }
            return .object(result)
        default:
            return value
        }
    }

    /// The bound value of `name`, if any.
    subscript(name: String) -> JSON? { values[name] }

    mutating func bind(_ name: String, to value: JSON) { values[name] = value }
}

/// A failed expectation of a transcript replay.
struct TranscriptFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The matching rule of `protocol/transcripts/README.md`: JSON equality, except for placeholder
/// strings (`$any`, `$ignore`, `$string`, `$number`, `$integer`, `$boolean`, `$object`, `$array`,
/// `$path`, `$base64`, `$contains:TEXT`, `$var:NAME`) and objects marked `"$partial": true`.
enum TranscriptPattern {
    /// `nil` when `actual` matches `expected` (binding new variables), else why not.
    static func mismatch(_ expected: JSON, _ actual: JSON, _ bindings: inout TranscriptBindings, at path: String = "$") -> String? {
        if case .string(let text) = expected, text.hasPrefix("$"), let verdict = placeholder(text, actual, &bindings, at: path) {
            return verdict.problem
        }
        switch (expected, actual) {
        case (.object(let want), .object(let got)):
            let partial = want["$partial"] == .bool(true)
            for (key, value) in want where key != "$partial" {
                guard let member = got[key] else {
                    if value == .string("$ignore") { continue }
                    return "\(path): member \"\(key)\" is missing"
                }
                if let problem = mismatch(value, member, &bindings, at: "\(path).\(key)") { return problem }
            }
            if !partial, let extra = got.orderedKeys.first(where: { want[$0] == nil }) {
                return "\(path): unexpected member \"\(extra)\""
            }
            return nil
        case (.array(let want), .array(let got)):
            guard want.count == got.count else { return "\(path): expected \(want.count) elements, got \(got.count)" }
            for (index, pair) in zip(want, got).enumerated() {
                if let problem = mismatch(pair.0, pair.1, &bindings, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        default:
            if let left = expected.doubleValue, let right = actual.doubleValue { return left == right ? nil : differs(expected, actual, path) }
            return expected == actual ? nil : differs(expected, actual, path)
        }
    }

    /// A batch response matches an expected array of the same length in any order.
    static func mismatchOfMessage(_ expected: JSON, _ actual: JSON, _ bindings: inout TranscriptBindings) -> String? {
        guard case .array(let want) = expected, case .array(var remaining) = actual else {
            return mismatch(expected, actual, &bindings)
        }
        guard want.count == remaining.count else { return "batch: expected \(want.count) responses, got \(remaining.count)" }
        for element in want {
            var trial = bindings
            guard let index = remaining.firstIndex(where: { mismatch(element, $0, &trial) == nil }) else {
                return "batch: no response matches \(element.jsonString)"
            }
            _ = mismatch(element, remaining[index], &bindings)
            remaining.remove(at: index)
        }
        return nil
    }

    private struct Verdict { let problem: String? }

    /// The verdict of a placeholder, or `nil` when `text` is a literal that only starts with `$`.
    private static func placeholder(_ text: String, _ actual: JSON, _ bindings: inout TranscriptBindings, at path: String) -> Verdict? {
        func check(_ ok: Bool) -> Verdict { Verdict(problem: ok ? nil : "\(path): \(actual.jsonString) is not \(text)") }
        switch text {
        case "$any", "$ignore": return Verdict(problem: nil)
        case "$string": return check(actual.stringValue != nil)
        case "$number": return check(actual.doubleValue != nil)
        case "$integer": return check(actual.intValue != nil)
        case "$boolean": return check(actual.boolValue != nil)
        case "$object": return check(actual.objectValue != nil)
        case "$array": return check(actual.arrayValue != nil)
        case "$path": return check(actual.stringValue?.hasPrefix("/") == true)
        case "$base64": return check(actual.stringValue.map(isBase64) == true)
        default: break
        }
        if text.hasPrefix("$contains:") {
            let needle = text.dropFirst("$contains:".count).lowercased()
            return check(actual.stringValue?.lowercased().contains(needle) == true)
        }
        if text.hasPrefix("$var:") {
            let name = String(text.dropFirst(5))
            if let bound = bindings[name] {
                return Verdict(problem: bound == actual ? nil : "\(path): \(actual.jsonString) is not $var:\(name) = \(bound.jsonString)")
            }
            if bindings.values.values.contains(actual) { return Verdict(problem: "\(path): \(actual.jsonString) is bound to another $var") }
            bindings.bind(name, to: actual)
            return Verdict(problem: nil)
        }
        return nil
    }

    private static func isBase64(_ text: String) -> Bool {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let unpadded = text.reversed().drop(while: { $0 == "=" })
        return text.count % 4 == 0 && text.count - unpadded.count <= 2 && unpadded.allSatisfy { alphabet.contains($0) }
    }

    private static func differs(_ expected: JSON, _ actual: JSON, _ path: String) -> String {
        "\(path): expected \(expected.jsonString.prefix(120)), got \(actual.jsonString.prefix(120))"
    }
}

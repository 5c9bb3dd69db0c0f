import JSON

/// Typed reads of an input object's fields that fail with a `FeedInputError` naming the field.
package struct JSONFieldReader {
    package let object: JSONObject
    package let prefix: String

    package init(_ json: JSON, prefix: String) throws(FeedInputError) {
        guard case .object(let object) = json else { throw FeedInputError(field: prefix, reason: "must be an object") }
        self.object = object
        self.prefix = prefix
    }

    package func path(_ key: String) -> String { "\(prefix).\(key)" }

    package func string(_ key: String) throws(FeedInputError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let string = value.stringValue else { throw FeedInputError(field: path(key), reason: "must be a string") }
        return string
    }

    package func int(_ key: String, in range: ClosedRange<Int>) throws(FeedInputError) -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.integerValue else { throw FeedInputError(field: path(key), reason: "must be an integer") }
        guard range.contains(number) else {
            throw FeedInputError(field: path(key), reason: "must be between \(range.lowerBound) and \(range.upperBound), got \(number)")
        }
        return number
    }

    package func double(_ key: String, in range: ClosedRange<Double>) throws(FeedInputError) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.doubleValue else { throw FeedInputError(field: path(key), reason: "must be a number") }
        guard range.contains(number) else {
            throw FeedInputError(field: path(key), reason: "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return number
    }

    package func bool(_ key: String) throws(FeedInputError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let bool = value.boolValue else { throw FeedInputError(field: path(key), reason: "must be true or false") }
        return bool
    }

    /// A string, a number or a boolean, as it was written (a business code).
    package func scalar(_ key: String) throws(FeedInputError) -> JSON? {
        guard let value = object[key], !value.isNull else { return nil }
        guard value.lenientString != nil else { throw FeedInputError(field: path(key), reason: "must be a string, a number or a boolean") }
        return value
    }

    package func stringMap(_ key: String) throws(FeedInputError) -> [String: String]? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .object(let members) = value else { throw FeedInputError(field: path(key), reason: "must be an object of strings") }
        var map: [String: String] = [:]
        for (name, member) in members {
            guard let text = member.stringValue ?? member.intValue.map({ String($0) }) else {
                throw FeedInputError(field: "\(path(key)).\(name)", reason: "must be a string")
            }
            map[name] = text
        }
        return map
    }

    /// HTTP headers: names that are tokens, values that are strings without control characters
    /// (a CR or LF would end the header line and inject another). Errors name the header.
    package func headerMap(_ key: String) throws(FeedInputError) -> [String: String]? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .object(let members) = value else { throw FeedInputError(field: path(key), reason: "must be an object of strings") }
        var headers: [String: String] = [:]
        for (name, member) in members {
            guard HTTPHeaderField.isValidName(name) else {
                throw FeedInputError(field: path(key), reason: "has a header name that is not an HTTP token: \(name.debugDescription)")
            }
            guard let text = member.stringValue else { throw FeedInputError(field: "\(path(key)).\(name)", reason: "must be a string") }
            guard HTTPHeaderField.isValidValue(text) else {
                throw FeedInputError(field: "\(path(key)).\(name)", reason: "must not contain control characters (CR, LF, NUL, ...)")
            }
            headers[name] = text
        }
        return headers
    }

    /// A key path or a list of key paths tried in order.
    package func keyPaths(_ key: String) throws(FeedInputError) -> [String]? {
        guard let value = object[key], !value.isNull else { return nil }
        if let single = value.stringValue { return [single] }
        if let list = value.arrayValue, !list.isEmpty, list.allSatisfy({ $0.stringValue != nil }) { return list.compactMap(\.stringValue) }
        throw FeedInputError(field: path(key), reason: "must be a key path or a non-empty array of key paths")
    }

    package func rejectUnknownKeys(allowed: Set<String>) throws(FeedInputError) {
        for key in object.orderedKeys where !allowed.contains(key) {
            throw FeedInputError(field: path(key), reason: "is not a known field (known: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}

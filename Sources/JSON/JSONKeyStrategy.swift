/// Spelling conversions between Swift's camelCase property names and snake_case JSON keys.
enum JSONKeyStrategy {
    /// `time_date` -> `timeDate`, `_private_key_` -> `_privateKey_`: words after the first are
    /// capitalized and joined; leading and trailing underscores stay, as Foundation does.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        let last = key.lastIndex(where: { $0 != "_" })!
        let words = key[first...last].split(separator: "_")
        var result = String(key[..<first])
        result += words[0].lowercased()
        for word in words.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        result += key[key.index(after: last)...]
        return result
    }

    /// `timeDate` -> `time_date`, `imageURL` -> `image_url`, `urlString` -> `url_string`:
    /// an underscore goes before each word start (an uppercase letter after a lowercase letter
    /// or digit, or the last capital of an acronym followed by a lowercase letter).
    static func snakeCase(fromCamelCase key: String) -> String {
        let characters = Array(key)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    result += "_"
                }
            }
            result += character.lowercased()
        }
        return result
    }
}

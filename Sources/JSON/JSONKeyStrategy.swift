/// Spelling conversions between Swift's camelCase property names and snake_case JSON keys.
enum JSONKeyStrategy {
    /// `time_date` -> `timeDate`, `_private_key_` -> `_privateKey_`: the first word is
    /// lowercased, later words capitalized, and they are joined; leading and trailing underscores
    /// stay, and a key with a single word is kept as is, exactly as Foundation's `JSONDecoder`.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        if key.utf8.allSatisfy({ $0 < 0x80 }) { return asciiCamelCase(fromSnakeCase: key) }
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        let last = key.lastIndex(where: { $0 != "_" })!
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        var result = String(key[..<first])
        result += words[0].lowercased()
        for word in words.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        result += key[key.index(after: last)...]
        return result
    }

    /// The same conversion over ASCII bytes, without intermediate strings: API keys are ASCII
    /// and every member of every decoded object goes through here.
    private static func asciiCamelCase(fromSnakeCase key: String) -> String {
        let utf8 = Array(key.utf8)
        guard let first = utf8.firstIndex(where: { $0 != UInt8(ascii: "_") }) else { return key }
        let last = utf8.lastIndex(where: { $0 != UInt8(ascii: "_") })!
        guard utf8[first...last].contains(UInt8(ascii: "_")) else { return key }
        func lower(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
        func upper(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "a") < 26 ? byte & ~0x20 : byte }
        var result = [UInt8](utf8[..<first])
        result.reserveCapacity(utf8.count)
        var startsWord = false
        for byte in utf8[first...last] {
            if byte == UInt8(ascii: "_") {
                startsWord = true
            } else {
                result.append(startsWord ? upper(byte) : lower(byte))
                startsWord = false
            }
        }
        result.append(contentsOf: utf8[(last + 1)...])
        return String(decoding: result, as: UTF8.self)
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

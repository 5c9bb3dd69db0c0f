extension JSONParser {
    /// An object.
    mutating func parseObject() throws(JSONParseError) -> JSON {
        try enterContainer()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(JSONObject())
        }
        let base = work.pointee.members.count
        let notes = depth <= notedDepth
        let holdsNoted = depth < notedDepth
        if holdsNoted { work.pointee.path.push(.index(0)) }
        var keys = JSONKeySketch()
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let quote = offset
            let key = try parseString()
            let isNoted = notes && isNotedName(quotedFrom: quote, escapedKey: stringHadEscape ? key : nil)
            keys.add(stringHadEscape ? nil : UnsafeBufferPointer(start: bytes + quote + 1, count: offset - quote - 2))
            try skipColon()
            if holdsNoted { work.pointee.path.replaceLast(with: .key(quoteAt: quote)) }
            let start = offset
            let value = try parseValue()
            if isNoted { note(start..<offset) }
            work.pointee.members.push(JSONObject.Member(key: key, value: value))
            if try closesObject(holdsNoted: holdsNoted) {
                return .object(JSONObject(members: work.pointee.members.pop(from: base), mayRepeatKeys: keys.mayRepeat))
            }
        }
    }

    /// An object whose members are handed to `visitor` one by one, none built; its keys are
    /// read in place, and only one written with an escape is made into a string.
    mutating func visitObject<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws(JSONParseError) {
        try enterContainer()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return
        }
        let notes = depth <= notedDepth
        let holdsNoted = depth < notedDepth
        if holdsNoted { work.pointee.path.push(.index(0)) }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let quote = offset
            let escapedKey = try skipString()
            let keyEnd = offset
            let isNoted = notes && isNotedName(quotedFrom: quote, escapedKey: escapedKey)
            try skipColon()
            if holdsNoted { work.pointee.path.replaceLast(with: .key(quoteAt: quote)) }
            let start = offset
            let value = try parseValue()
            if isNoted { note(start..<offset) }
            if let escapedKey {
                Self.visit(&visitor, key: escapedKey, value: value)
            } else {
                visitor.visit(key: UnsafeBufferPointer(start: bytes + quote + 1, count: keyEnd - quote - 2), value: value)
            }
            if try closesObject(holdsNoted: holdsNoted) { return }
        }
    }

    /// Reads the `:` after a key and the whitespace around it.
    @inline(__always)
    private mutating func skipColon() throws(JSONParseError) {
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
        offset += 1
        skipWhitespace()
    }

    /// Reads what follows a member: `,` (false) or the object's `}` (true).
    @inline(__always)
    private mutating func closesObject(holdsNoted: Bool) throws(JSONParseError) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            return false
        case UInt8(ascii: "}"):
            offset += 1
            depth -= 1
            if holdsNoted { work.pointee.path.removeLast() }
            return true
        default:
            throw error("expected ',' or '}' in object")
        }
    }

    /// Hands a member whose key was written with an escape to `visitor`.
    @inline(never)
    private static func visit<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor, key: String, value: consuming JSON) {
        var key = key
        let value = value
        key.withUTF8 { visitor.visit(key: $0, value: value) }
    }
}

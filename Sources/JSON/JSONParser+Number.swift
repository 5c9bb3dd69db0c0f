extension JSONParser {
    @inline(__always) private func digit(at position: Int) -> UInt64? {
        guard position < count else { return nil }
        let value = bytes[position] &- UInt8(ascii: "0")
        return value < 10 ? UInt64(value) : nil
    }

    /// Reads a number, accumulating up to 19 digits in a `UInt64`. Integers that fit `Int64`
    /// come out exact; a double with at most 15 significant digits and a decimal exponent
    /// within ±22 is computed exactly as `mantissa × 10^e` or `mantissa ÷ 10^e` (Clinger's
    /// fast path: both operands are exact doubles, so the one rounding is the correct one);
    /// everything else goes through the standard library's correctly rounded text conversion.
    mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = offset
        let isNegative = bytes[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        guard let first = digit(at: offset) else { throw error("expected a digit") }
        var mantissa: UInt64 = 0
        var digitCount = 0
        if first == 0 {
            offset += 1
            if digit(at: offset) != nil { throw error("leading zero in number") }
        } else {
            while let next = digit(at: offset) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ next }
                digitCount += 1
                offset += 1
            }
        }
        var exponent = 0
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard digit(at: offset) != nil else { throw error("expected a digit after '.'") }
            while let next = digit(at: offset) {
                if digitCount < 19 {
                    mantissa = mantissa &* 10 &+ next
                    exponent -= 1
                }
                if mantissa != 0 { digitCount += 1 }
                offset += 1
            }
        }
        if current | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            var exponentIsNegative = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                exponentIsNegative = current == UInt8(ascii: "-")
                offset += 1
            }
            guard digit(at: offset) != nil else { throw error("expected a digit in exponent") }
            var written = 0
            while let next = digit(at: offset) {
                if written < 100_000 { written = written * 10 + Int(next) }
                offset += 1
            }
            exponent += exponentIsNegative ? -written : written
        }
        if isInteger, digitCount <= 19 {
            if !isNegative, mantissa <= UInt64(Int64.max) { return .int(Int64(mantissa)) }
            if isNegative, mantissa <= UInt64(Int64.max) + 1 { return .int(Int64(truncatingIfNeeded: 0 &- mantissa)) }
        }
        if digitCount <= 15, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            let scale = Self.powersOfTen[exponent < 0 ? -exponent : exponent]
            value = exponent < 0 ? value / scale : value * scale
            return .double(isNegative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: offset - start), as: UTF8.self)
        guard let value = Double(text) else { throw JSONParseError(reason: "unreadable number", offset: start) }
        guard value.isFinite else { throw JSONParseError(reason: "number out of range", offset: start) }
        return .double(value)
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

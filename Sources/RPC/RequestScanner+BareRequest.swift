/// The fastest path: a request in the exact shape clients write for a method without params,
/// `{"jsonrpc":"2.0","id":<id>,"method":"<name>"}` (a `ping`), read without building any value.
extension RequestScanner {
    /// A request read by `scanBareRequest(_:)`: all that answering it with a constant result needs.
    struct BareRequest {
        /// The line up to the end of the id, `{"jsonrpc":"2.0","id":<id>`: exactly how the
        /// answer begins, valid while the line is. Only ids whose bytes are exactly their JSON
        /// encoding are accepted, so an answer may echo them.
        var answerHead: UnsafeRawBufferPointer
        /// The bytes between the method's quotes, valid while the line is. They are a method
        /// name only when they are plain (`isPlainName(_:)`): the scan leaves that check to the
        /// caller, which usually compares them with a name it checked before.
        var methodBytes: UnsafeRawBufferPointer

        /// The id's bytes as written.
        var idBytes: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: answerHead[RequestScanner.bareHead.utf8CodeUnitCount...])
        }
    }

    /// How a bare request, and its answer, begin.
    static let bareHead: StaticString = #"{"jsonrpc":"2.0","id":"#
    /// What follows the id.
    private static let bareMiddle: StaticString = #","method":""#

    /// `{"jsonrpc":"2.0","id":<id>,"method":"<bytes>"}` exactly, or `nil`; `scan(_:maxDepth:)`
    /// reads such a line too, with values. The id is an integer of at most 18 digits (a longer
    /// one takes `scan`), a plain string or null. The literals are compared a word at a time,
    /// the digits eight at a time, and the method's bytes are not looked at (see
    /// `BareRequest.methodBytes`).
    static func scanBareRequest(_ line: UnsafeRawBufferPointer) -> BareRequest? {
        let headCount = bareHead.utf8CodeUnitCount  // 22
        let middleCount = bareMiddle.utf8CodeUnitCount  // 11
        let count = line.count
        guard count >= headCount + middleCount + 3, let start = line.baseAddress,
              start.starts(with: bareHead) else { return nil }
        let base = start.assumingMemoryBound(to: UInt8.self)
        var index = headCount
        switch base[index] {
        case UInt8(ascii: "\""):
            index += 1
            while index < count, isPlain(base[index]) { index += 1 }
            guard index < count, base[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
        case UInt8(ascii: "n"):
            guard count - index >= 4, base[index + 1] == UInt8(ascii: "u"), base[index + 2] == UInt8(ascii: "l"),
                  base[index + 3] == UInt8(ascii: "l") else { return nil }
            index += 4
        default:
            let negative = base[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let digitsStart = index
            // At least 13 bytes (`,"method":""}`) follow the id, so a word can be read here.
            let run = leadingDigits(UInt64(littleEndian: start.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += run
            if run == 8 {
                while index < count, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            }
            let digits = index - digitsStart
            // No leading zero, no -0 (what JSON and `scanID` accept); a fraction or exponent
            // fails the `,"method"` match below.
            guard digits > 0, digits <= 18, digits == 1 || base[digitsStart] != UInt8(ascii: "0"),
                  !(negative && base[digitsStart] == UInt8(ascii: "0")) else { return nil }
        }
        let idEnd = index
        guard count - index >= middleCount + 2, (start + index).starts(with: bareMiddle),
              base[count - 2] == UInt8(ascii: "\""), base[count - 1] == UInt8(ascii: "}") else { return nil }
        let nameStart = index + middleCount
        return BareRequest(answerHead: UnsafeRawBufferPointer(start: start, count: idEnd),
                           methodBytes: UnsafeRawBufferPointer(start: start + nameStart, count: count - 2 - nameStart))
    }

    /// Whether `bytes` are a plain string's contents: printable ASCII without `"` or `\`, so
    /// they read as themselves.
    static func isPlainName(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy(isPlain)
    }

    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte &- 0x20 < 0x5F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// How many of the 8 bytes of `word` (the first byte in the low bits) are ASCII digits
    /// before the first byte that is not: a byte is a digit when its high nibble is 3 and adding
    /// 6 keeps it so. A carry out of a byte that is not a digit only reaches later bytes, which
    /// no longer count.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> Int {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        let notDigits = ((word & highNibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) ^ threes)
        return notDigits.trailingZeroBitCount / 8
    }
}

extension UnsafeRawPointer {
    /// Whether the 8 bytes at `offset` are those at `offset` of `literal` (both must have them):
    /// the framers and scanners compare fixed text a word at a time, without a `memcmp` call.
    @inline(__always)
    func hasWord(of literal: StaticString, at offset: Int) -> Bool {
        loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == UnsafeRawPointer(literal.utf8Start).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Whether the bytes here are `literal` (at least 8 bytes long), compared a word at a time.
    @inline(__always)
    func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        var offset = 0
        while offset + 8 < count {
            guard hasWord(of: literal, at: offset) else { return false }
            offset += 8
        }
        return hasWord(of: literal, at: count - 8)  // the last word, overlapping the one before
    }
}

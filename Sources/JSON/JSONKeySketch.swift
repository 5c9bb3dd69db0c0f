/// What the parser keeps of an object's keys to know, nearly always without comparing any two,
/// that none repeats: one bit of a word per key, chosen by its length and its first and last
/// bytes. Only keys that share a bit (or were written with escapes) are compared as strings.
struct JSONKeySketch {
    private var bits: UInt64 = 0
    /// Whether two keys may be the same; `false` is certain.
    private(set) var mayRepeat = false

    /// Adds a key by its bytes as written, or `nil` for one written with escapes.
    @inline(__always)
    mutating func add(_ key: UnsafeBufferPointer<UInt8>?) {
        guard let key, let first = key.first, let last = key.last else {
            mayRepeat = true
            return
        }
        let bit: UInt64 = 1 << ((UInt64(key.count) &* 7 &+ UInt64(first) &* 31 &+ UInt64(last)) & 63)
        if bits & bit != 0 { mayRepeat = true }
        bits |= bit
    }
}

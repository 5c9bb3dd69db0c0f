extension SIMD3 where Scalar == Float {
    /// `self` moved a fraction `t` (0...1) of the way to `other`.
    func mixed(with other: SIMD3<Float>, _ t: Float) -> SIMD3<Float> { self + (other - self) * t }
}

/// A small deterministic generator (xorshift32): the same seed paints the same picture.
struct SeededRandom {
    private var state: UInt32

    /// A generator from `seed` (any value), scrambled first so that near seeds part at once.
    init(seed: UInt32) {
        var mixed = seed ^ seed >> 16
        mixed = mixed &* 0x7FEB_352D
        mixed ^= mixed >> 15
        mixed = mixed &* 0x846C_A68B
        mixed ^= mixed >> 16
        state = mixed == 0 ? 0x9E37_79B9 : mixed  // xorshift never leaves zero
    }

    /// The next raw value.
    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }

    /// A float in `range`.
    mutating func float(_ range: ClosedRange<Float>) -> Float {
        range.lowerBound + (range.upperBound - range.lowerBound) * Float(next() >> 8) / Float(1 << 24)
    }

    /// An integer below `bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt32(bound)) }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// A width x height RGB image in memory, 8 bits per channel, rows top to bottom: what the stub
/// artwork paints into and `PNGEncoder.encode(_:)` writes out.
public struct RGBCanvas: Sendable {
    /// Pixels per row and rows.
    public let width, height: Int
    /// `width * height * 3` bytes: red, green, blue of each pixel, row after row.
    public var pixels: [UInt8]

    /// A black canvas.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Sets every pixel to `color(x, y)`, row by row: channels as floats 0...255, rounded and
    /// clamped when stored.
    public mutating func paint(_ color: (Int, Int) -> SIMD3<Float>) {
        let (width, height) = (self.width, self.height)
        pixels.withUnsafeMutableBufferPointer { bytes in
            var offset = 0
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = color(x, y).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255)) + 0.5
                    bytes[offset] = UInt8(pixel.x)
                    bytes[offset + 1] = UInt8(pixel.y)
                    bytes[offset + 2] = UInt8(pixel.z)
                    offset += 3
                }
            }
        }
    }
}

extension PNGEncoder.Color {
    /// The colour of a `0xRRGGBB` literal.
    init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// The channels as floats 0...255, for blending.
    var vector: SIMD3<Float> { SIMD3(Float(red), Float(green), Float(blue)) }
}

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

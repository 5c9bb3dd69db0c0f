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
    public init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// The channels as floats 0...255, for blending.
    public var vector: SIMD3<Float> { SIMD3(Float(red), Float(green), Float(blue)) }
}

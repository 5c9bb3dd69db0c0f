/// Generates real PNG files in memory from colours or a canvas: truecolour, 8 bits per channel,
/// compressed when zlib is installed. Used for the stub catalog's images.
public enum PNGEncoder {
    /// An RGB colour.
    public struct Color: Sendable, Equatable {
        /// Red, green and blue, 0...255.
        public var red, green, blue: UInt8

        /// A colour from its channels.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// A `width` x `height` image whose pixels `pixel(x, y)` gives.
    public static func encode(width: Int, height: Int, pixel: (Int, Int) -> Color) -> [UInt8] {
        var canvas = RGBCanvas(width: width, height: height)
        canvas.paint { x, y in pixel(x, y).vector }
        return encode(canvas)
    }

    /// The PNG of `canvas`: rows filtered adaptively and deflated by zlib when it loads, stored
    /// deflate blocks when it does not (`PNGImageEncoder`).
    public static func encode(_ canvas: RGBCanvas) -> [UInt8] {
        PNGImageEncoder().encode(PixelImage(width: canvas.width, height: canvas.height, layout: .rgb8, pixels: canvas.pixels))
    }

    /// A vertical gradient from `top` to `bottom`: cheap, and different for every item.
    public static func gradient(width: Int, height: Int, top: Color, bottom: Color) -> [UInt8] {
        encode(width: width, height: height) { _, y in
            let t = height > 1 ? Double(y) / Double(height - 1) : 0
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            return Color(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
        }
    }
}

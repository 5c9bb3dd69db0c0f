/// Generates real PNG files in memory: truecolour, 8 bits per channel, no interlace, with
/// correct chunk CRCs and a valid zlib stream. Used for the stub catalog's images.
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

    /// The PNG of `canvas`.
    public static func encode(_ canvas: RGBCanvas) -> [UInt8] {
        let (width, height) = (canvas.width, canvas.height)
        let rowBytes = width * 3
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)  // each row: filter None, then RGB
        raw.withUnsafeMutableBufferPointer { output in
            canvas.pixels.withUnsafeBufferPointer { pixels in
                guard let target = output.baseAddress, let source = pixels.baseAddress else { return }
                for y in 0..<height {
                    (target + y * (rowBytes + 1) + 1).update(from: source + y * rowBytes, count: rowBytes)
                }
            }
        }
        var header = UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes
        header += [8, 2, 0, 0, 0]  // depth 8, truecolour, deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", ZlibStream.stored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A vertical gradient from `top` to `bottom`: cheap, and different for every item.
    public static func gradient(width: Int, height: Int, top: Color, bottom: Color) -> [UInt8] {
        encode(width: width, height: height) { _, y in
            let t = height > 1 ? Double(y) / Double(height - 1) : 0
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            return Color(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: UInt32(data.count).bigEndianBytes)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        png.append(contentsOf: CRC32.checksum(data, continuing: CRC32.checksum(typeBytes)).bigEndianBytes)
    }
}

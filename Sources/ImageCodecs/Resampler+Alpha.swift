extension Resampler {
    /// Whether any pixel of an RGBA image is less than opaque.
    static func hasTransparency(_ image: PixelImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            var index = 3
            while index < pixels.count {
                if pixels[index] != 255 { return true }
                index += 4
            }
            return false
        }
    }

    /// RGBA with each colour channel multiplied by alpha / 255.
    static func premultiply(_ image: PixelImage) -> [UInt8] {
        var pixels = image.pixels
        pixels.withUnsafeMutableBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                let alpha = UInt32(pixels[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 { pixels[index + channel] = UInt8((UInt32(pixels[index + channel]) * alpha + 127) / 255) }
                }
                index += 4
            }
        }
        return pixels
    }

    /// Undoes `premultiply` (fully transparent pixels become transparent black).
    static func unpremultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                let alpha = UInt32(pixels[index + 3])
                if alpha == 0 {
                    pixels[index] = 0; pixels[index + 1] = 0; pixels[index + 2] = 0
                } else if alpha != 255 {
                    for channel in 0..<3 { pixels[index + channel] = UInt8(min(255, (UInt32(pixels[index + channel]) * 255 + alpha / 2) / alpha)) }
                }
                index += 4
            }
        }
    }
}

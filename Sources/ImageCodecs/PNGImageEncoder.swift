/// Encodes a `PixelImage` as PNG: truecolour (RGB8) or truecolour with alpha (RGBA8), rows
/// filtered adaptively, deflated by zlib when it is installed and stored otherwise.
public struct PNGImageEncoder: ImageEncoding {
    /// Makes the IDAT stream.
    public var deflater: Deflater

    /// An encoder deflating through `library` (zlib's `libz.so.1` unless told) at `level`.
    public init(library: CodecLibrary = .zlib, level: Int = 6) {
        deflater = Deflater(library: library, level: level)
    }

    /// `image/png`.
    public var mimeType: String { "image/png" }

    /// The PNG of `image`; it cannot fail (without zlib the data is stored, not compressed).
    public func encode(_ image: PixelImage) -> [UInt8] {
        let filtered = image.pixels.withUnsafeBufferPointer { pixels in
            PNGRowFilter.filter(pixels, rowBytes: image.bytesPerRow, height: image.height, bytesPerPixel: image.layout.channels)
        }
        return Self.png(width: image.width, height: image.height, colorType: image.layout.hasAlpha ? 6 : 2,
                        idat: deflater.zlib(filtered))
    }

    /// A PNG of one IDAT chunk: signature, IHDR (8-bit, `colorType`, no interlace), IDAT, IEND.
    static func png(width: Int, height: Int, colorType: UInt8, idat: [UInt8]) -> [UInt8] {
        var header = UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes
        header += [8, colorType, 0, 0, 0]  // depth 8, deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(idat.count + 57)
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", idat, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: UInt32(data.count).bigEndianBytes)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        png.append(contentsOf: CRC32.checksum(data, continuing: CRC32.checksum(typeBytes)).bigEndianBytes)
    }
}

import ImageCodecs

/// Image bytes for tests: a real PNG, and minimal but well-formed headers of each image format,
/// built byte by byte as the specs lay them out.
public enum ImageFixtures {
    public static func png(width: Int, height: Int) -> [UInt8] {
        PNGEncoder.gradient(width: width, height: height, top: .init(red: 0, green: 128, blue: 255), bottom: .init(red: 255, green: 0, blue: 0))
    }

    /// SOI, APP0 (JFIF), DQT, SOFn, ..., EOI. `progressive` writes SOF2 instead of SOF0.
    public static func jpeg(width: Int, height: Int, progressive: Bool) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, progressive ? 0xC2 : 0xC0, 0x00, 0x11, 0x08] + be16(height) + be16(width)
        bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00] + [UInt8](repeating: 0, count: 17)  // a DHT, whose C4 is not a frame
        bytes += [0xFF, 0xD9]
        return bytes
    }

    public static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0x00, 0x00, 0x00, 0x3B]
    }

    public static func bmp(width: Int, height: Int, topDown: Bool) -> [UInt8] {
        let rowBytes = (width * 3 + 3) / 4 * 4
        let pixels = [UInt8](repeating: 0x7F, count: rowBytes * height)
        let signedHeight = topDown ? UInt32(bitPattern: Int32(-height)) : UInt32(height)
        var bytes: [UInt8] = Array("BM".utf8) + le32(UInt32(54 + pixels.count)) + [0, 0, 0, 0] + le32(54)
        bytes += le32(40) + le32(UInt32(width)) + le32(signedHeight) + le16(1) + le16(24) + le32(0) + le32(UInt32(pixels.count))
        bytes += le32(2835) + le32(2835) + le32(0) + le32(0)
        return bytes + pixels
    }

    public static func webpLossy(width: Int, height: Int) -> [UInt8] {
        let frame: [UInt8] = [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0]
        return riff(chunk: "VP8 ", frame)
    }

    public static func webpLossless(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        return riff(chunk: "VP8L", [0x2F] + le32(bits) + [0])
    }

    public static func webpExtended(width: Int, height: Int) -> [UInt8] {
        riff(chunk: "VP8X", [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    private static func riff(chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array("WEBP".utf8) + Array(chunk.utf8) + le32(UInt32(payload.count)) + payload
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private static func le24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
}

import Foundation

/// What an image's first bytes say about it, without decoding pixels.
public struct ImageInfo: Sendable, Equatable {
    /// e.g. `image/png`.
    public var mimeType: String
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
    /// The size of the encoded file.
    public var byteCount: Int

    /// Info with the given fields.
    public init(mimeType: String, width: Int, height: Int, byteCount: Int) {
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }
}

/// Format sniffing for PNG, JPEG (baseline and progressive), GIF, WebP (VP8, VP8L, VP8X) and BMP.
public enum ImageFormat {
    /// The format and dimensions of `bytes`, or `nil` when they are none of the known formats
    /// or are cut short before the dimensions.
    public static func sniff(_ bytes: [UInt8]) -> ImageInfo? {
        bytes.withUnsafeBytes { sniff(ByteReader($0)) }
    }

    /// The same for `data`, read in place: a downloaded image is never copied to be sniffed.
    public static func sniff(_ data: Data) -> ImageInfo? {
        data.withUnsafeBytes { sniff(ByteReader($0)) }
    }

    private static func sniff(_ reader: ByteReader) -> ImageInfo? {
        let bytes = reader
        if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            guard reader.matches(Array("IHDR".utf8), at: 12), let w = reader.u32BE(16), let h = reader.u32BE(20) else { return nil }
            return info("image/png", Int(w), Int(h), bytes)
        }
        if reader.matches([0xFF, 0xD8], at: 0) { return jpeg(reader, bytes) }
        if reader.matches(Array("GIF87a".utf8), at: 0) || reader.matches(Array("GIF89a".utf8), at: 0) {
            guard let w = reader.u16LE(6), let h = reader.u16LE(8) else { return nil }
            return info("image/gif", Int(w), Int(h), bytes)
        }
        if reader.matches(Array("RIFF".utf8), at: 0) && reader.matches(Array("WEBP".utf8), at: 8) { return webp(reader, bytes) }
        if reader.matches(Array("BM".utf8), at: 0), let headerSize = reader.u32LE(14) {
            if headerSize == 12, let w = reader.u16LE(18), let h = reader.u16LE(20) { return info("image/bmp", Int(w), Int(h), bytes) }
            // A negative height means a top-down bitmap; a negative width means a broken one.
            guard let w = reader.u32LE(18), let h = reader.u32LE(22), Int32(bitPattern: w) >= 0 else { return nil }
            return info("image/bmp", Int(w), abs(Int(Int32(bitPattern: h))), bytes)
        }
        return nil
    }

    private static func info(_ mime: String, _ width: Int, _ height: Int, _ bytes: ByteReader) -> ImageInfo {
        ImageInfo(mimeType: mime, width: width, height: height, byteCount: bytes.count)
    }

    /// Walks the marker segments to the first start-of-frame (SOF0...SOF15 except DHT, JPG, DAC).
    private static func jpeg(_ reader: ByteReader, _ bytes: ByteReader) -> ImageInfo? {
        var offset = 2
        while let marker = reader.byte(offset), marker == 0xFF, let kind = reader.byte(offset + 1) {
            if kind == 0xFF { offset += 1; continue }  // fill byte
            if kind == 0xD8 || kind == 0x01 || (0xD0...0xD7).contains(kind) { offset += 2; continue }  // no length
            guard let length = reader.u16BE(offset + 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(kind) && kind != 0xC4 && kind != 0xC8 && kind != 0xCC {
                guard let h = reader.u16BE(offset + 5), let w = reader.u16BE(offset + 7) else { return nil }
                return info("image/jpeg", Int(w), Int(h), bytes)
            }
            if kind == 0xD9 || kind == 0xDA { return nil }  // end of image or scan before any frame
            offset += 2 + Int(length)
        }
        return nil
    }

    private static func webp(_ reader: ByteReader, _ bytes: ByteReader) -> ImageInfo? {
        if reader.matches(Array("VP8 ".utf8), at: 12) {
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard reader.matches([0x9D, 0x01, 0x2A], at: 23), let w = reader.u16LE(26), let h = reader.u16LE(28) else { return nil }
            return info("image/webp", Int(w & 0x3FFF), Int(h & 0x3FFF), bytes)
        }
        if reader.matches(Array("VP8L".utf8), at: 12) {
            guard reader.byte(20) == 0x2F, let bits = reader.u32LE(21) else { return nil }
            return info("image/webp", Int(bits & 0x3FFF) + 1, Int(bits >> 14 & 0x3FFF) + 1, bytes)
        }
        if reader.matches(Array("VP8X".utf8), at: 12) {
            guard let w = reader.u24LE(24), let h = reader.u24LE(27) else { return nil }
            return info("image/webp", Int(w) + 1, Int(h) + 1, bytes)
        }
        return nil
    }
}

/// Bounds-checked reads of little- and big-endian integers, over bytes borrowed for the call.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var count: Int { bytes.count }

    func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }
    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        offset + pattern.count <= bytes.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }
    private func value(_ offset: Int, _ count: Int, bigEndian: Bool) -> UInt32? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in 0..<count { value = value << 8 | UInt32(bytes[bigEndian ? offset + index : offset + count - 1 - index]) }
        return value
    }
    func u16BE(_ offset: Int) -> UInt16? { value(offset, 2, bigEndian: true).map { UInt16($0) } }
    func u16LE(_ offset: Int) -> UInt16? { value(offset, 2, bigEndian: false).map { UInt16($0) } }
    func u24LE(_ offset: Int) -> UInt32? { value(offset, 3, bigEndian: false) }
    func u32BE(_ offset: Int) -> UInt32? { value(offset, 4, bigEndian: true) }
    func u32LE(_ offset: Int) -> UInt32? { value(offset, 4, bigEndian: false) }
}

import CImageCodecs

/// Decodes still WebP (lossy, lossless, with alpha) through libwebp, loaded at first use,
/// straight into the image's buffer. Animated WebP is refused as an unsupported feature.
public struct WebPDecoder: ImageDecoding {
    /// The libwebp build to load.
    public var library: CodecLibrary

    /// A decoder loading `library` (`libwebp.so.7` unless told).
    public init(library: CodecLibrary = .webp) {
        self.library = library
    }

    /// `image/webp`.
    public var mimeType: String { "image/webp" }

    /// `RIFF....WEBP`.
    public func recognizes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    public func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let api = try CodecLibraryLoader.load(library).table
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw .truncated(format: mimeType, detail: "no data")
        }
        var width: Int32 = 0, height: Int32 = 0, alpha: Int32 = 0, animated: Int32 = 0
        let status = cic_webp_info(api, base, bytes.count, &width, &height, &alpha, &animated)
        guard status == CIC_OK else { throw status.error(format: mimeType, message: "libwebp could not read the header") }
        if animated != 0 { throw .unsupportedFeature(format: mimeType, detail: "animation") }
        let size = PixelSize(width: Int(width), height: Int(height))
        try checkLimit(size, options)
        let layout: PixelLayout = alpha != 0 ? .rgba8 : .rgb8
        let image = try PixelImage(width: size.width, height: size.height, layout: layout) { (pixels) throws(ImageCodecError) in
            let decoded = cic_webp_decode(api, base, bytes.count, pixels.baseAddress, pixels.count, size.width * layout.channels, Int32(layout.channels))
            if decoded != CIC_OK { throw decoded.error(format: mimeType, message: "libwebp rejected the data (corrupt or cut short)") }
        }
        return DecodedImage(image: image, mimeType: mimeType, originalSize: size)
    }
}

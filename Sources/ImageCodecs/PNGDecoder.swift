import CImageCodecs

/// Decodes PNG (every colour type and depth, interlaced or not, with transparency) through
/// libpng's simplified API, loaded at first use: 8-bit RGBA when the image has alpha, RGB when
/// it has none.
public struct PNGDecoder: ImageDecoding {
    /// The libpng build to load.
    public var library: CodecLibrary

    /// A decoder loading `library` (`libpng16.so.16` unless told).
    public init(library: CodecLibrary = .png) {
        self.library = library
    }

    /// `image/png`.
    public var mimeType: String { "image/png" }

    /// The PNG signature's first four bytes.
    public func recognizes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x89 && bytes[1] == 0x50 && bytes[2] == 0x4E && bytes[3] == 0x47
    }

    public func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let api = try CodecLibraryLoader.load(library).table
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw .truncated(format: mimeType, detail: "no data")
        }
        var message = [CChar](repeating: 0, count: 128)
        var decoder: OpaquePointer?
        let created = cic_png_decoder_create(api, base, bytes.count, &decoder, &message, message.count)
        guard created == CIC_OK, let decoder else { throw created.error(format: mimeType, message: shimString(message)) }
        defer { cic_png_decoder_destroy(decoder) }

        var width: Int32 = 0, height: Int32 = 0, alpha: Int32 = 0
        cic_png_decoder_info(decoder, &width, &height, &alpha)
        let size = PixelSize(width: Int(UInt32(bitPattern: width)), height: Int(UInt32(bitPattern: height)))
        try checkLimit(size, options)
        let layout: PixelLayout = alpha != 0 ? .rgba8 : .rgb8
        let image = try PixelImage(width: size.width, height: size.height, layout: layout) { (pixels) throws(ImageCodecError) in
            let status = cic_png_decoder_read(decoder, pixels.baseAddress, size.width * layout.channels, Int32(layout.channels))
            if status != CIC_OK { throw status.error(format: mimeType, message: shimString(cic_png_decoder_message(decoder))) }
        }
        return DecodedImage(image: image, mimeType: mimeType, originalSize: size)
    }
}

import CImageCodecs

/// Decodes JPEG (baseline, progressive, greyscale, CMYK) through libjpeg-turbo, loaded at first
/// use. Given a target it asks libjpeg for the smallest DCT scale (1/8, 1/4, 1/2) that still
/// leaves at least the target's pixels, so a 4000x3000 photo for a 256-pixel cell is decoded at
/// 500x375 straight from the DCT coefficients. Rows go straight into the image's buffer; EXIF
/// orientation is read from the APP1 segment and applied.
public struct JPEGDecoder: ImageDecoding {
    /// The libjpeg build to load.
    public var library: CodecLibrary

    /// A decoder loading `library` (libjpeg-turbo's `libjpeg.so.62` unless told).
    public init(library: CodecLibrary = .jpeg) {
        self.library = library
    }

    /// `image/jpeg`.
    public var mimeType: String { "image/jpeg" }

    /// The JPEG start-of-image marker.
    public func recognizes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// The DCT scale denominator (1, 2, 4 or 8) that decodes `stored` to at least `needed`.
    public static func scaleDenominator(decoding stored: PixelSize, toAtLeast needed: PixelSize) -> Int {
        for denominator in [8, 4, 2] {
            let width = (stored.width + denominator - 1) / denominator, height = (stored.height + denominator - 1) / denominator
            if width >= needed.width && height >= needed.height { return denominator }
        }
        return 1
    }

    public func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let api = try CodecLibraryLoader.load(library).table
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw .truncated(format: mimeType, detail: "no data")
        }
        var message = [CChar](repeating: 0, count: 256)
        var decoder: OpaquePointer?
        let maxMemory = max(256 << 20, options.maxPixels.multipliedReportingOverflow(by: 4).partialValue)
        let created = cic_jpeg_decoder_create(api, base, bytes.count, maxMemory, &decoder, &message, message.count)
        guard created == CIC_OK, let decoder else { throw created.error(format: mimeType, message: shimString(message)) }
        defer { cic_jpeg_decoder_destroy(decoder) }

        var width: Int32 = 0, height: Int32 = 0
        cic_jpeg_decoder_size(decoder, &width, &height)
        let stored = PixelSize(width: Int(width), height: Int(height))
        let orientation = options.appliesOrientation ? ExifReader.orientation(ofJPEG: bytes) : .up
        let display = orientation.displaySize(of: stored)
        var denominator = 1
        if let target = options.target {
            let needed = orientation.displaySize(of: target.size(fitting: display))  // back in stored orientation
            denominator = Self.scaleDenominator(decoding: stored, toAtLeast: needed)
        }
        let scaled = cic_jpeg_decoder_scale(decoder, Int32(denominator), &width, &height)
        guard scaled == CIC_OK else { throw scaled.error(format: mimeType, message: shimString(cic_jpeg_decoder_message(decoder))) }
        let output = PixelSize(width: Int(width), height: Int(height))
        try checkLimit(output, options)

        let image = try PixelImage(width: output.width, height: output.height, layout: .rgb8) { (pixels) throws(ImageCodecError) in
            let status = cic_jpeg_decoder_read(decoder, pixels.baseAddress, output.width * 3)
            if status != CIC_OK { throw status.error(format: mimeType, message: shimString(cic_jpeg_decoder_message(decoder))) }
        }
        return DecodedImage(image: image.oriented(orientation), mimeType: mimeType, originalSize: display,
                            orientation: orientation, scaleDenominator: denominator)
    }
}

/// Decodes whichever format the bytes are, choosing the decoder by their signature: JPEG, PNG
/// and WebP. GIF and BMP are recognised but refused with `unsupportedFormat("image/gif")` (or
/// `image/bmp`): the codecs do not decode them, so a pipeline serves such images as the
/// original only (animation would be lost, and both are rare in feeds).
public struct ImageDecoder: ImageDecoding {
    /// The decoders tried, in order.
    public var decoders: [any ImageDecoding]

    /// The JPEG, PNG and WebP decoders over `libraries`.
    public init(libraries: CodecLibraries = .system) {
        decoders = [JPEGDecoder(library: libraries.jpeg), PNGDecoder(library: libraries.png), WebPDecoder(library: libraries.webp)]
    }

    /// The given decoders.
    public init(decoders: [any ImageDecoding]) {
        self.decoders = decoders
    }

    /// `image/*`: whichever format the bytes are.
    public var mimeType: String { "image/*" }

    /// Whether one of the decoders recognises `bytes`.
    public func recognizes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        decoders.contains { $0.recognizes(bytes) }
    }

    public func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        guard let decoder = decoders.first(where: { $0.recognizes(bytes) }) else {
            throw .unsupportedFormat(Self.passThroughFormat(of: bytes))
        }
        return try decoder.decode(bytes, options: options)
    }

    /// GIF's or BMP's MIME type when `bytes` start like one, else `nil`.
    static func passThroughFormat(of bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.count >= 6, bytes[0..<4].elementsEqual("GIF8".utf8) { return "image/gif" }
        if bytes.count >= 2, bytes[0] == 0x42, bytes[1] == 0x4D { return "image/bmp" }
        return nil
    }
}

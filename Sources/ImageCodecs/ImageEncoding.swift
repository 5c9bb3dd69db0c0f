/// An encoder of one format.
public protocol ImageEncoding: Sendable {
    /// The MIME type it writes.
    var mimeType: String { get }
    /// The encoded file of `image`.
    func encode(_ image: PixelImage) throws(ImageCodecError) -> [UInt8]
}

extension ImageEncoding {
    /// `image` encoded, with its type and size.
    public func encodedImage(_ image: PixelImage) throws(ImageCodecError) -> EncodedImage {
        EncodedImage(bytes: try encode(image), mimeType: mimeType, size: image.size)
    }
}

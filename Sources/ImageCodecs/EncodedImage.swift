/// An encoded file: its bytes, type and pixel size.
public struct EncodedImage: Sendable, Equatable {
    /// The file's bytes.
    public var bytes: [UInt8]
    /// `image/png` or `image/jpeg`.
    public var mimeType: String
    /// The size of the image encoded.
    public var size: PixelSize

    /// An encoded image with the given facts.
    public init(bytes: [UInt8], mimeType: String, size: PixelSize) {
        self.bytes = bytes
        self.mimeType = mimeType
        self.size = size
    }
}

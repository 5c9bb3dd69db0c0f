/// A decoder's answer: upright pixels (at the full size, or larger than or equal to the
/// requested target when the format can decode smaller) and what the file said about itself.
public struct DecodedImage: Sendable, Equatable {
    /// The pixels, in display orientation when orientation was applied.
    public var image: PixelImage
    /// The MIME type of the source, e.g. `image/jpeg`.
    public var mimeType: String
    /// The source's full size in display orientation.
    public var originalSize: PixelSize
    /// The EXIF orientation the file declared (`.up` for formats without one).
    public var orientation: ExifOrientation
    /// The DCT scale denominator the JPEG was decoded at (1, 2, 4 or 8); 1 for other formats.
    public var scaleDenominator: Int

    /// A decoded image with the given facts.
    public init(image: PixelImage, mimeType: String, originalSize: PixelSize, orientation: ExifOrientation = .up, scaleDenominator: Int = 1) {
        self.image = image
        self.mimeType = mimeType
        self.originalSize = originalSize
        self.orientation = orientation
        self.scaleDenominator = scaleDenominator
    }
}

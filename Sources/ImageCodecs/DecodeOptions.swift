/// What a decoder is asked for: the size the caller will resize to (so a JPEG can be decoded
/// smaller with DCT scaling) and the most pixels it may produce.
public struct DecodeOptions: Sendable, Hashable {
    /// The default limit: 100 megapixels (400 MB as RGBA), above any camera's photo.
    public static let defaultMaxPixels = 100_000_000

    /// The box the image will be resized to fit, in display orientation; the decoder never
    /// returns fewer pixels than that resize needs. `nil` decodes at full size.
    public var target: ResizeTarget?
    /// Images that would decode to more pixels than this are refused with `tooLarge`.
    public var maxPixels: Int
    /// Whether to turn the pixels upright as EXIF orientation says (JPEG only).
    public var appliesOrientation: Bool

    /// Options for a decode fitting `target`, within `maxPixels`.
    public init(target: ResizeTarget? = nil, maxPixels: Int = DecodeOptions.defaultMaxPixels, appliesOrientation: Bool = true) {
        self.target = target
        self.maxPixels = maxPixels
        self.appliesOrientation = appliesOrientation
    }
}

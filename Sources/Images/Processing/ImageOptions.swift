/// What a front end asks of an image besides which one: the box it is drawn in and the format
/// it wants. The result keeps the original's aspect ratio, fits the box, and is never larger
/// than the original. Options decide the request's processor, and so its cache key.
///
/// Whoever builds an image URL from the size drawn (an API with `{width}` and `{height}` in its
/// image URLs) reads `maxWidth` and `maxHeight` here.
public struct ImageOptions: Sendable, Hashable, CustomStringConvertible {
    /// The format of the result.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// The original's own format when it is resized and that format can be written (JPEG,
        /// PNG), else PNG; the original bytes themselves when nothing needs doing.
        case original
        /// PNG.
        case png
        /// JPEG.
        case jpeg
    }

    /// The widest the result may be, in pixels, or `nil` for no limit across.
    public var maxWidth: Int?
    /// The tallest the result may be, in pixels, or `nil` for no limit down.
    public var maxHeight: Int?
    /// The format of the result.
    public var format: Format

    /// Options of a box (either side may be `nil`; values below 1 count as 1) and a format.
    public init(maxWidth: Int? = nil, maxHeight: Int? = nil, format: Format = .original) {
        self.maxWidth = maxWidth.map { max(1, $0) }
        self.maxHeight = maxHeight.map { max(1, $0) }
        self.format = format
    }

    /// A square box: the longer side is at most `maxPixelSize` (Kingfisher's and ImageIO's
    /// `maxPixelSize`).
    public static func maxPixelSize(_ maxPixelSize: Int, format: Format = .original) -> ImageOptions {
        ImageOptions(maxWidth: maxPixelSize, maxHeight: maxPixelSize, format: format)
    }

    /// The original, as it was downloaded.
    public static let original = ImageOptions()

    /// Whether these options ask for the original as it is.
    public var isOriginal: Bool { maxWidth == nil && maxHeight == nil && format == .original }

    /// Whether a size was asked for.
    public var hasSize: Bool { maxWidth != nil || maxHeight != nil }

    /// `256x*/png`, `original`.
    public var description: String {
        if isOriginal { return "original" }
        let size = hasSize ? "\(maxWidth.map(String.init) ?? "*")x\(maxHeight.map(String.init) ?? "*")" : "original"
        return "\(size)/\(format.rawValue)"
    }
}

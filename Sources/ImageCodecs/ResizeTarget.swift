/// The box a resized image must fit: the result keeps the source's aspect ratio, is never
/// larger than the source (no upscaling) and is at least 1 pixel each way.
public struct ResizeTarget: Sendable, Hashable, CustomStringConvertible {
    /// The widest the result may be, or `nil` for no limit across.
    public var maxWidth: Int?
    /// The tallest the result may be, or `nil` for no limit down.
    public var maxHeight: Int?

    /// A box of at most `maxWidth` x `maxHeight` (either may be `nil`); values below 1 count as 1.
    public init(maxWidth: Int?, maxHeight: Int?) {
        self.maxWidth = maxWidth.map { max(1, $0) }
        self.maxHeight = maxHeight.map { max(1, $0) }
    }

    /// A square box: the longer side is at most `maxPixelSize` (Kingfisher's and ImageIO's
    /// `maxPixelSize`).
    public static func maxPixelSize(_ maxPixelSize: Int) -> ResizeTarget {
        ResizeTarget(maxWidth: maxPixelSize, maxHeight: maxPixelSize)
    }

    /// No limit: the source's own size.
    public static let original = ResizeTarget(maxWidth: nil, maxHeight: nil)

    /// The size an image of `source` is resized to. The side that limits the scale gets its
    /// maximum exactly; the other is rounded to the nearest pixel.
    public func size(fitting source: PixelSize) -> PixelSize {
        let width = max(1, source.width), height = max(1, source.height)
        let boxWidth = min(maxWidth ?? width, width), boxHeight = min(maxHeight ?? height, height)
        // Width limits when boxWidth / width <= boxHeight / height, compared without division.
        if boxWidth.multipliedFullWidth(by: height) <= boxHeight.multipliedFullWidth(by: width) {
            return PixelSize(width: boxWidth, height: Self.scaled(height, by: boxWidth, over: width, atMost: boxHeight))
        }
        return PixelSize(width: Self.scaled(width, by: boxHeight, over: height, atMost: boxWidth), height: boxHeight)
    }

    /// `value * numerator / denominator` rounded, clamped to 1...limit, without overflow.
    private static func scaled(_ value: Int, by numerator: Int, over denominator: Int, atMost limit: Int) -> Int {
        let exact = Double(value) * Double(numerator) / Double(denominator)
        return min(limit, max(1, Int(exact.rounded())))
    }

    /// `256x256`, `256x*` or `original`.
    public var description: String {
        if maxWidth == nil && maxHeight == nil { return "original" }
        return "\(maxWidth.map(String.init) ?? "*")x\(maxHeight.map(String.init) ?? "*")"
    }
}

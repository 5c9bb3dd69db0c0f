/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` x `height`.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The number of pixels, `width * height` (saturating, for hostile headers).
    public var area: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : product
    }

    /// The size with width and height exchanged (a quarter turn).
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// `640x480`.
    public var description: String { "\(width)x\(height)" }
}

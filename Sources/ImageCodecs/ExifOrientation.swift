/// The eight orientations of EXIF's Orientation tag (274): how the stored pixels must be
/// turned and mirrored to appear upright. Raw values are the tag's.
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored across the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Must be turned a quarter turn clockwise to display.
    case right = 6
    /// Mirrored across the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// Must be turned a quarter turn counter-clockwise to display.
    case left = 8

    /// Whether displaying swaps width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The displayed size of a stored image of `size`.
    public func displaySize(of size: PixelSize) -> PixelSize { swapsDimensions ? size.transposed : size }
}

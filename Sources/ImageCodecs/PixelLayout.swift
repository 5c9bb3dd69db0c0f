/// How a `PixelImage` stores each pixel: 8 bits per channel, interleaved, rows packed.
public enum PixelLayout: Sendable, Hashable {
    /// Red, green, blue: 3 bytes a pixel (opaque images).
    case rgb8
    /// Red, green, blue, alpha (not premultiplied): 4 bytes a pixel.
    case rgba8

    /// Bytes per pixel.
    public var channels: Int {
        switch self {
        case .rgb8: 3
        case .rgba8: 4
        }
    }

    /// Whether the layout carries alpha.
    public var hasAlpha: Bool { self == .rgba8 }
}

/// Decoded pixels: 8-bit RGB or RGBA, rows top to bottom, packed (`bytesPerRow` is
/// `width * channels`), already in display orientation once a decoder returns it.
public struct PixelImage: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// RGB8 or RGBA8.
    public let layout: PixelLayout
    /// `height * bytesPerRow` bytes.
    public internal(set) var pixels: [UInt8]

    /// An image over `pixels`, which must hold exactly `width * height * layout.channels` bytes.
    public init(width: Int, height: Int, layout: PixelLayout, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * layout.channels,
                     "PixelImage: \(pixels.count) bytes for \(width)x\(height) \(layout)")
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
    }

    /// An image whose bytes `fill` writes into uninitialised storage of exactly
    /// `width * height * channels` bytes (decoders write rows straight into it); `fill` throws
    /// to abandon the image.
    init<Failure: Error>(width: Int, height: Int, layout: PixelLayout,
                         fill: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        let count = width * height * layout.channels
        var failure: Failure?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(Failure) {
                try fill(buffer)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        self.init(width: width, height: height, layout: layout, pixels: pixels)
    }

    /// The size as one value.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes from one row's start to the next.
    public var bytesPerRow: Int { width * layout.channels }

    /// The channels of the pixel at (`x`, `y`), for tests and spot checks.
    public subscript(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = y * bytesPerRow + x * layout.channels
        return pixels[start..<start + layout.channels]
    }
}

import CImageCodecs

/// Encodes JPEG (baseline, 4:2:0) through libjpeg-turbo, loaded at first use. RGBA images are
/// flattened onto a background colour first, since JPEG has no alpha.
public struct JPEGEncoder: ImageEncoding {
    /// 1...100; 85 unless told.
    public var quality: Int
    /// What shows through transparent pixels: white unless told.
    public var background: (red: UInt8, green: UInt8, blue: UInt8)
    /// The libjpeg build to load.
    public var library: CodecLibrary

    /// An encoder at `quality`, flattening alpha onto `background`.
    public init(quality: Int = 85, background: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255), library: CodecLibrary = .jpeg) {
        self.quality = min(100, max(1, quality))
        self.background = background
        self.library = library
    }

    /// `image/jpeg`.
    public var mimeType: String { "image/jpeg" }

    public func encode(_ image: PixelImage) throws(ImageCodecError) -> [UInt8] {
        let api = try CodecLibraryLoader.load(library).table
        let source = image.layout.hasAlpha && Resampler.hasTransparency(image) ? flattened(image) : image
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = source.pixels.withUnsafeBufferPointer { pixels in
            cic_jpeg_encode(api, pixels.baseAddress, Int32(source.width), Int32(source.height), source.bytesPerRow,
                            Int32(source.layout.channels), Int32(quality), &output, &count, &message, message.count)
        }
        guard status == CIC_OK, let output else {
            throw .encodingFailed(format: mimeType, detail: shimString(message))
        }
        defer { cic_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    /// RGB of `image` composed over the background.
    private func flattened(_ image: PixelImage) -> PixelImage {
        let back = [UInt32(background.red), UInt32(background.green), UInt32(background.blue)]
        return image.pixels.withUnsafeBufferPointer { source in
            PixelImage(width: image.width, height: image.height, layout: .rgb8) { target in
                for pixel in 0..<image.width * image.height {
                    let alpha = UInt32(source[pixel * 4 + 3])
                    for channel in 0..<3 {
                        let value = UInt32(source[pixel * 4 + channel]) * alpha + back[channel] * (255 - alpha)
                        target[pixel * 3 + channel] = UInt8((value + 127) / 255)
                    }
                }
            }
        }
    }
}

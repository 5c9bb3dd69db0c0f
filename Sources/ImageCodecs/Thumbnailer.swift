import Foundation

/// The whole downsampling path, Kingfisher's `DownsamplingImageProcessor` for bytes: decode at
/// the smallest size the target allows (DCT scaling for JPEG), resample with a proper filter
/// to the size that fits the target, turn upright, and encode.
public struct Thumbnailer: Sendable {
    /// Picks the decoder by the bytes' signature.
    public var decoder: ImageDecoder
    /// Resizes the decoded pixels.
    public var resampler: Resampler
    /// The libraries the encoders load.
    public var libraries: CodecLibraries
    /// The most pixels a decode may produce.
    public var maxPixels: Int

    /// A thumbnailer over `libraries`, resampling with `filter`, refusing decodes over `maxPixels`.
    public init(libraries: CodecLibraries = .system, filter: ResamplingFilter = .lanczos3,
                maxPixels: Int = DecodeOptions.defaultMaxPixels) {
        decoder = ImageDecoder(libraries: libraries)
        resampler = Resampler(filter: filter)
        self.libraries = libraries
        self.maxPixels = maxPixels
    }

    /// Upright pixels of `bytes` resized to fit `target` (never enlarged), with the decode's facts.
    public func image(from bytes: UnsafeRawBufferPointer, fitting target: ResizeTarget) throws(ImageCodecError) -> DecodedImage {
        var decoded = try decoder.decode(bytes, options: DecodeOptions(target: target, maxPixels: maxPixels))
        decoded.image = resampler.resize(decoded.image, to: target.size(fitting: decoded.originalSize))
        return decoded
    }

    /// The same for an array of bytes.
    public func image(from bytes: [UInt8], fitting target: ResizeTarget) throws(ImageCodecError) -> DecodedImage {
        try bytes.withUnsafeBytes { buffer in Result { () throws(ImageCodecError) in try image(from: buffer, fitting: target) } }.get()
    }

    /// `bytes` resized to fit `target` and encoded as `format`.
    public func thumbnail(from bytes: UnsafeRawBufferPointer, fitting target: ResizeTarget, as format: OutputFormat) throws(ImageCodecError) -> EncodedImage {
        try encoder(for: format).encodedImage(image(from: bytes, fitting: target).image)
    }

    /// The same for an array of bytes.
    public func thumbnail(from bytes: [UInt8], fitting target: ResizeTarget, as format: OutputFormat) throws(ImageCodecError) -> EncodedImage {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageCodecError) in try thumbnail(from: buffer, fitting: target, as: format) }
        }.get()
    }

    /// The same for `data`, read in place.
    public func thumbnail(from data: Data, fitting target: ResizeTarget, as format: OutputFormat) throws(ImageCodecError) -> EncodedImage {
        try data.withUnsafeBytes { buffer in
            Result { () throws(ImageCodecError) in try thumbnail(from: buffer, fitting: target, as: format) }
        }.get()
    }

    /// The encoder of `format` over these libraries.
    public func encoder(for format: OutputFormat) -> any ImageEncoding {
        switch format {
        case .png: PNGImageEncoder(library: libraries.zlib)
        case .jpeg(let quality): JPEGEncoder(quality: quality, library: libraries.jpeg)
        }
    }
}

import Foundation

/// A decoder of one image format (Kingfisher's and Coil's decoder per format).
public protocol ImageDecoding: Sendable {
    /// The MIME type it decodes, e.g. `image/png`.
    var mimeType: String { get }
    /// Whether `bytes` start like this format.
    func recognizes(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// The pixels of `bytes`, as `options` ask.
    func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImageCodecError) -> DecodedImage
}

extension ImageDecoding {
    /// Decodes an array of bytes.
    public func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(ImageCodecError) -> DecodedImage {
        try bytes.withUnsafeBytes { buffer in Result { () throws(ImageCodecError) in try decode(buffer, options: options) } }.get()
    }

    /// Decodes `data` in place, without copying it.
    public func decode(_ data: Data, options: DecodeOptions = DecodeOptions()) throws(ImageCodecError) -> DecodedImage {
        try data.withUnsafeBytes { buffer in Result { () throws(ImageCodecError) in try decode(buffer, options: options) } }.get()
    }

    /// `tooLarge` when an image of `size` is over `options.maxPixels`.
    func checkLimit(_ size: PixelSize, _ options: DecodeOptions) throws(ImageCodecError) {
        guard size.width > 0, size.height > 0 else { throw .corrupt(format: mimeType, detail: "the image is \(size) pixels") }
        if size.area > options.maxPixels { throw .tooLarge(width: size.width, height: size.height, limit: options.maxPixels) }
    }
}

/// Why an image could not be decoded, resized or encoded. Every case is a value: corrupt or
/// hostile input never crashes the process.
public enum ImageCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The library the codec needs is not installed (or lacks a function); `detail` is the
    /// loader's own words.
    case libraryUnavailable(CodecLibrary, detail: String)
    /// The bytes are no format the codecs decode: `format` is the sniffed MIME type (GIF and
    /// BMP are served as the original only) or `nil` when nothing was recognised.
    case unsupportedFormat(String?)
    /// The format is recognised but this file uses a feature the codecs do not decode, such as
    /// an animated WebP.
    case unsupportedFeature(format: String, detail: String)
    /// Decoding would produce more pixels than the limit allows.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The data ends before the image does.
    case truncated(format: String, detail: String)
    /// The data is not a valid image of its format.
    case corrupt(format: String, detail: String)
    /// Memory ran out, or decoding needs more than the library's memory limit (a progressive
    /// JPEG keeps every coefficient of the full-size image).
    case outOfMemory(format: String)
    /// The encoder refused the image.
    case encodingFailed(format: String, detail: String)

    /// A stable camelCase word for the wire (`reason` in an error's data).
    public var reason: String {
        switch self {
        case .libraryUnavailable: "decoderUnavailable"
        case .unsupportedFormat, .unsupportedFeature: "unsupportedFormat"
        case .tooLarge: "imageTooLarge"
        case .truncated: "truncatedImage"
        case .corrupt: "corruptImage"
        case .outOfMemory: "outOfMemory"
        case .encodingFailed: "encodingFailed"
        }
    }

    /// One sentence for people: names the library and the package to install when one is missing.
    public var description: String {
        switch self {
        case .libraryUnavailable(let library, let detail):
            "\(library.name) is not available (\(library.soname): \(detail)); on Debian or Ubuntu: apt-get install \(library.debianPackage)"
        case .unsupportedFormat(let format?):
            "\(format) is not decoded (only JPEG, PNG and WebP are); the original can be served as it is"
        case .unsupportedFormat(nil):
            "the data is not an image the codecs recognise"
        case .unsupportedFeature(let format, let detail):
            "this \(format) uses a feature the codecs do not decode: \(detail)"
        case .tooLarge(let width, let height, let limit):
            "a \(width)x\(height) image is over the limit of \(limit) decoded pixels"
        case .truncated(let format, let detail):
            "the \(format) data is cut short: \(detail)"
        case .corrupt(let format, let detail):
            "the \(format) data is corrupt: \(detail)"
        case .outOfMemory(let format):
            "decoding this \(format) needs more memory than allowed"
        case .encodingFailed(let format, let detail):
            "\(format) encoding failed: \(detail)"
        }
    }
}

/// The encoding a resized image is written in.
public enum OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// PNG: lossless, keeps alpha; deflated with zlib when it is installed.
    case png
    /// JPEG at `quality` 1...100 (transparent pixels are flattened onto white).
    case jpeg(quality: Int)

    /// JPEG at quality 85, a common trade of size for fidelity in thumbnails.
    public static let jpeg = OutputFormat.jpeg(quality: 85)

    /// `image/png` or `image/jpeg`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        }
    }

    /// `png` or `jpeg(85)`.
    public var description: String {
        switch self {
        case .png: "png"
        case .jpeg(let quality): "jpeg(\(quality))"
        }
    }
}

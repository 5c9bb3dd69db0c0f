import FeedModel
import Foundation
import ImageCodecs
import Network

/// A transformation the codecs make in their one pass over an image (decode at the smallest
/// scale that will do, resample, encode): each step sets its part of a `CodecPlan`, so a chain
/// of steps decodes and encodes once, and its cache key names every step.
public protocol CodecStep: ImageProcessing {
    /// Sets this step's part of `plan`.
    func apply(to plan: inout CodecPlan)
}

extension CodecStep {
    /// This step alone, run by the codecs.
    public func process(_ original: FeedImage) throws(FeedError) -> ProcessedImage? {
        var plan = CodecPlan()
        apply(to: &plan)
        return try plan.run(on: original)
    }
}

/// What the codecs make of one image: the box it must fit and the format it is written in.
public struct CodecPlan: Sendable, Equatable {
    /// The box; `.original` leaves the size as it is.
    public var target = ResizeTarget.original
    /// The format; `.original` keeps the original's when it can be written (JPEG, PNG), else
    /// writes PNG.
    public var format = ImageOptions.Format.original
    /// JPEG's quality when JPEG is written.
    public static let jpegQuality = 85

    /// An empty plan: the original as it is.
    public init() {}

    /// The image `original` made into what this plan says, or `nil` when the original already
    /// is it (it fits the box and is in the format asked for, or no format is asked).
    func run(on original: FeedImage, thumbnailer: Thumbnailer = .shared) throws(FeedError) -> ProcessedImage? {
        let info = original.info
        let source = PixelSize(width: info.width, height: info.height)
        // Either way up: a JPEG's EXIF orientation may turn it.
        let fits = target.size(fitting: source) == source && target.size(fitting: source.transposed) == source.transposed
        let sameFormat = format == .original || Self.mimeType(of: format) == info.mimeType
        if fits && sameFormat { return nil }
        let output: OutputFormat
        switch format {
        case .png: output = .png
        case .jpeg: output = .jpeg(quality: Self.jpegQuality)
        case .original: output = info.mimeType == "image/jpeg" ? .jpeg(quality: Self.jpegQuality) : .png
        }
        do {
            let encoded = try thumbnailer.thumbnail(from: original.data, fitting: target, as: output)
            return ProcessedImage(
                data: Data(encoded.bytes),
                info: ImageInfo(mimeType: encoded.mimeType, width: encoded.size.width, height: encoded.size.height, byteCount: encoded.bytes.count))
        } catch {
            throw FeedError(codecError: error, url: Redactor.standard.redact(urlString: original.url))
        }
    }

    private static func mimeType(of format: ImageOptions.Format) -> String? {
        switch format {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .original: nil
        }
    }
}

extension Thumbnailer {
    /// The codecs over the system's libraries, or those the environment names instead
    /// (`FEEDVM_SONAME_LIBJPEG`, ...: `CodecLibraries.overriding(environment:)`).
    public static let shared = Thumbnailer(libraries: CodecLibraries.system.overriding(environment: ProcessInfo.processInfo.environment))
}

extension FeedError {
    /// The load error of a codec's `error` for the image at `url` (already redacted).
    init(codecError error: ImageCodecError, url: String) {
        let reason: Reason
        var library: MissingLibrary?
        switch error {
        case .libraryUnavailable(let missing, _):
            reason = .decoderUnavailable
            library = MissingLibrary(soname: missing.soname, package: missing.debianPackage)
        case .unsupportedFormat, .unsupportedFeature: reason = .unsupportedFormat
        case .tooLarge: reason = .imageTooLarge
        case .truncated: reason = .truncatedImage
        case .corrupt: reason = .corruptImage
        case .outOfMemory: reason = .outOfMemory
        case .encodingFailed: reason = .encodingFailed
        }
        let text = "\(error)"
        self = .imageProcessing(message: text.prefix(1).uppercased() + text.dropFirst(), url: url, reason: reason, library: library)
    }
}

import FeedModel
import Foundation
import ImageCodecs

/// One transformation of a downloaded image (Kingfisher's `ImageProcessor`): its
/// `identifier` names it in cache keys, so each result is cached apart, and every result of
/// one download is made from that download's bytes.
public protocol ImageProcessing: Sendable {
    /// Names the transformation and its parameters, e.g. `downsample(256x256)`; empty for none.
    var identifier: String { get }

    /// The image made from `original`, or `nil` when the original already is the result (it
    /// fits the size and is in the format asked for). Runs on a processing thread.
    func process(_ original: FeedImage) throws(FeedError) -> ProcessedImage?
}

/// What a processor made: encoded bytes and what they are.
public struct ProcessedImage: Sendable, Equatable {
    /// The encoded image.
    public var data: Data
    /// Its format and size.
    public var info: ImageInfo

    /// A processed image.
    public init(data: Data, info: ImageInfo) {
        self.data = data
        self.info = info
    }
}

/// No transformation: the downloaded image as it is.
public struct OriginalImageProcessor: ImageProcessing {
    /// The processor.
    public init() {}

    public var identifier: String { "" }

    public func process(_ original: FeedImage) throws(FeedError) -> ProcessedImage? { nil }
}

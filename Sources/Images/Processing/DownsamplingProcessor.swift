import FeedModel
import ImageCodecs

/// Fits an image into a box (Kingfisher's `DownsamplingImageProcessor`): the aspect ratio is
/// kept, the image is never enlarged, a JPEG is decoded at the smallest DCT scale that still
/// covers the box, and the pixels are resampled with a proper filter and turned upright.
public struct DownsamplingProcessor: CodecStep {
    /// The box.
    public let target: ResizeTarget

    /// A processor fitting images into `target`.
    public init(target: ResizeTarget) { self.target = target }

    /// `downsample(256x256)`, `downsample(256x*)`.
    public var identifier: String { "downsample(\(target))" }

    public func apply(to plan: inout CodecPlan) { plan.target = target }
}

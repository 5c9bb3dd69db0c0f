import FeedModel

/// Writes an image in another format (Kingfisher's `FormatIndicatedCacheSerializer`): PNG, or
/// JPEG at quality 85 with transparency flattened onto white. An image already in that format
/// is answered as it is.
public struct TranscodingProcessor: CodecStep {
    /// The format written.
    public let format: ImageOptions.Format

    /// A processor writing `format`.
    public init(format: ImageOptions.Format) { self.format = format }

    /// `transcode(png)`, `transcode(jpeg)`.
    public var identifier: String { "transcode(\(format.rawValue))" }

    public func apply(to plan: inout CodecPlan) { plan.format = format }
}

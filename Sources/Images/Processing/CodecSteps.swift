import FeedModel

/// Steps the codecs make in one pass (Kingfisher's `processor.append(another:)`): the
/// identifier names each in order, joined by `>>`.
public struct CodecSteps: CodecStep {
    /// The steps, in order.
    public let steps: [any CodecStep]

    /// The steps `steps`.
    public init(_ steps: [any CodecStep]) { self.steps = steps }

    /// `downsample(256x256)>>transcode(png)`.
    public var identifier: String { steps.map(\.identifier).joined(separator: ">>") }

    public func apply(to plan: inout CodecPlan) {
        for step in steps { step.apply(to: &plan) }
    }
}

import ImageCodecs

extension ImageOptions {
    /// The processor that makes what these options ask for: the original, a downsampling, a
    /// transcoding, or both in one pass.
    public var processor: any ImageProcessing {
        var steps: [any CodecStep] = []
        if hasSize { steps.append(DownsamplingProcessor(target: ResizeTarget(maxWidth: maxWidth, maxHeight: maxHeight))) }
        if format != .original { steps.append(TranscodingProcessor(format: format)) }
        switch steps.count {
        case 0: return OriginalImageProcessor()
        case 1: return steps[0]
        default: return CodecSteps(steps)
        }
    }
}

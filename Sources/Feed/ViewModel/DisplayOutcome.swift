/// What showing a row started: the `willDisplay` answer.
public struct DisplayOutcome: Sendable, Equatable {
    /// A load-more was started or joined because the row is near the end.
    public var startedLoadMore: Bool
    /// The row's image was not cached and its load was started.
    public var startedImage: Bool
    /// The row's image, as asked for, was already cached when the row was shown (ready to draw
    /// with `loadImage`, which answers from the cache).
    public var imageReady: Bool

    /// An outcome.
    public init(startedLoadMore: Bool, startedImage: Bool, imageReady: Bool = false) {
        self.startedLoadMore = startedLoadMore
        self.startedImage = startedImage
        self.imageReady = imageReady
    }
}

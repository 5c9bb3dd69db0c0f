/// What showing a row started: the `willDisplay` answer.
public struct DisplayOutcome: Sendable, Equatable {
    /// A load-more was started or joined because the row is near the end.
    public var startedLoadMore: Bool
    /// The row's image was not cached and its load was started.
    public var startedImage: Bool

    /// An outcome.
    public init(startedLoadMore: Bool, startedImage: Bool) {
        self.startedLoadMore = startedLoadMore
        self.startedImage = startedImage
    }
}

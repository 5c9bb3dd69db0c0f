import Feed
import JSON
import Reactive

/// `willDisplay {session, index}` (seed 002's `willDisplayCell`): prefetches the next page near
/// the end and the row's image; answered with what it started once both ended.
struct WillDisplayRequest: RowRequest {
    typealias Response = DisplayOutcome
    static let method = "willDisplay"
    let session: String, index: Int

    func serve(_ session: FeedSession) -> Single<DisplayOutcome> { session.viewModel.willDisplay(index: index) }
}

extension DisplayOutcome: WireEncodable {
    /// `{"loadMore", "image"}`: whether each load was started.
    var wireJSON: JSON { ["loadMore": .bool(startedLoadMore), "image": .bool(startedImage)] }
}

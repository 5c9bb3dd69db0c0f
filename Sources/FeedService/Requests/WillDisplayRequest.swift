import Feed
import FeedModel
import JSON
import Reactive
import RPC

/// `willDisplay {session, index, variant?}` (seed 002's `willDisplayCell`): prefetches the next
/// page near the end and that variant of the row's image; answered with what it started once
/// both ended.
struct WillDisplayRequest: SessionRequest {
    typealias Response = DisplayOutcome
    static let method = "willDisplay"
    let session: String, index: Int, variant: ImageVariant

    init(params: RPCParams) throws(RPCError) {
        (session, index, variant) = (try params.string("session"), try params.index("index"), try params.imageVariant("variant"))
    }

    func serve(_ session: FeedSession) -> Single<DisplayOutcome> { session.viewModel.willDisplay(index: index, variant: variant) }
}

extension DisplayOutcome: WireEncodable {
    /// `{"loadMore", "image"}`: whether each load was started.
    var wireJSON: JSON { ["loadMore": .bool(startedLoadMore), "image": .bool(startedImage)] }
}

import Feed
import FeedModel
import Images
import JSON
import Reactive
import RPC

/// `willDisplay {session, index, variant?, size? | maxPixelSize?, format?}` (seed 002's
/// `willDisplayCell`): prefetches the next page near the end, loads that variant of the row's
/// image at the size and format asked and prefetches the next rows' at low priority; answered
/// with what it started once both loads ended.
struct WillDisplayRequest: SessionRequest {
    typealias Response = DisplayOutcome
    static let method = "willDisplay"
    let session: String, index: Int, variant: ImageVariant, options: ImageOptions

    init(params: RPCParams) throws(RPCError) {
        (session, index, variant) = (try params.string("session"), try params.index("index"), try params.imageVariant("variant"))
        options = try params.imageOptions()
    }

    func serve(_ session: FeedSession) -> Single<DisplayOutcome> { session.viewModel.willDisplay(index: index, variant: variant, options: options) }
}

extension DisplayOutcome: WireWritable {
    /// `{"loadMore", "image", "ready"}`: whether each load was started, and whether the image
    /// was already cached.
    var wireJSON: JSON { ["loadMore": .bool(startedLoadMore), "image": .bool(startedImage), "ready": .bool(imageReady)] }

    func encode(into writer: inout WireWriter) {
        writer.beginObject()
        writer.member("loadMore", startedLoadMore)
        writer.member("image", startedImage)
        writer.member("ready", imageReady)
        writer.endObject()
    }
}

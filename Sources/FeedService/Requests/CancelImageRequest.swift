import Feed
import JSON
import Reactive
import RPC

/// `cancelImage {session, index}`: the view no longer waits for row `index`'s images; its
/// pending loads of every variant end (a download stops when no other caller waits for its URL).
struct CancelImageRequest: SessionRequest {
    static let method = "cancelImage"
    let session: String, index: Int

    init(params: RPCParams) throws(RPCError) { (session, index) = (try params.string("session"), try params.index("index")) }

    /// `{"cancelled"}`: whether a load was pending.
    struct Response: WireWritable {
        let cancelled: Bool
        var wireJSON: JSON { ["cancelled": .bool(cancelled)] }

        func encode(into writer: inout WireWriter) {
            writer.beginObject()
            writer.member("cancelled", cancelled)
            writer.endObject()
        }
    }

    func serve(_ session: FeedSession) -> Single<Response> { session.viewModel.cancelImage(index: index).map(Response.init) }
}

/// `didEndDisplaying {session, index}` (seed 002): row `index` left the screen, as `cancelImage`;
/// it no longer anchors a reload.
struct DidEndDisplayingRequest: SessionRequest {
    typealias Response = CancelImageRequest.Response
    static let method = "didEndDisplaying"
    let session: String, index: Int

    init(params: RPCParams) throws(RPCError) { (session, index) = (try params.string("session"), try params.index("index")) }

    func serve(_ session: FeedSession) -> Single<Response> { session.viewModel.didEndDisplaying(index: index).map(Response.init) }
}

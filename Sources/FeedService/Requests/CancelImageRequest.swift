import Feed
import JSON
import Reactive

/// `cancelImage {session, index}`: the view no longer waits for row `index`'s image; its
/// pending loads end (the download stops when no other caller waits for the URL).
struct CancelImageRequest: RowRequest {
    static let method = "cancelImage"
    let session: String, index: Int

    /// `{"cancelled"}`: whether a load was pending.
    struct Response: WireEncodable {
        let cancelled: Bool
        var wireJSON: JSON { ["cancelled": .bool(cancelled)] }
    }

    func serve(_ session: FeedSession) -> Single<Response> { session.viewModel.cancelImage(index: index).map(Response.init) }
}

/// `didEndDisplaying {session, index}` (seed 002): row `index` left the screen, as `cancelImage`.
struct DidEndDisplayingRequest: RowRequest {
    typealias Response = CancelImageRequest.Response
    static let method = "didEndDisplaying"
    let session: String, index: Int

    func serve(_ session: FeedSession) -> Single<Response> { CancelImageRequest(session: self.session, index: index).serve(session) }
}

import Feed
import JSON
import Reactive
import RPC

/// `loadImage {session, index, inline?}`: the image of row `index`, answered after its
/// `imageDownloaded`; with its bytes when `inline` (by default, as the `images.inline`
/// capability says).
struct LoadImageRequest: SessionRequest {
    static let method = "loadImage"
    let session: String, index: Int, inline: Bool?

    init(params: RPCParams) throws(RPCError) {
        (session, index, inline) = (try params.string("session"), try params.index("index"), try params.optionalBool("inline"))
    }

    /// An Image, with its bytes as `data` when `inline`.
    struct Response: WireEncodable {
        let image: FeedImage
        let inline: Bool
        var wireJSON: JSON { image.wireJSON }
        var wireAttachments: [Attachment] { inline ? [image.inlineData()] : [] }
    }

    func serve(_ session: FeedSession) -> Single<Response> {
        let inline = self.inline ?? session.inlinesImages
        return session.viewModel.loadImage(index: index).map { Response(image: $0, inline: inline) }
    }

    /// -32003 naming the row (or, as for every load, -32602, -32004, -32800).
    func answer(to failure: FeedError) -> RPCError { .imageFailed(failure, index: index) }
}

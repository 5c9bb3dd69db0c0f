import Feed
import FeedModel
import Images
import JSON
import Reactive
import RPC

/// `loadImage {session, index, inline?, variant?, size? | maxPixelSize?, format?, refresh?}`:
/// the `variant` of row `index`'s image (the `full` image by default, or its `thumbnail`) at the
/// size and format asked (the original by default), downloaded again when `refresh`; answered
/// after its `imageDownloaded`, with its bytes when `inline` (by default, as the
/// `images.inline` capability says).
struct LoadImageRequest: SessionRequest {
    static let method = "loadImage"
    let session: String, index: Int, inline: Bool?, variant: ImageVariant, options: ImageOptions, refresh: Bool

    init(params: RPCParams) throws(RPCError) {
        (session, index) = (try params.string("session"), try params.index("index"))
        (inline, variant) = (try params.optionalBool("inline"), try params.imageVariant("variant"))
        (options, refresh) = (try params.imageOptions(), try params.optionalBool("refresh") ?? false)
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
        return session.viewModel.loadImage(index: index, variant: variant, options: options, refresh: refresh).map { Response(image: $0, inline: inline) }
    }

    /// -32003 naming the row (or, as for every load, -32602, -32004, -32800).
    func answer(to failure: FeedError) -> RPCError { .imageFailed(failure, index: index) }
}

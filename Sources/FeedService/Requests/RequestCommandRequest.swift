import Feed
import JSON
import Reactive
import RPC

/// `requestCommand {session, reload}`: the pull-down reload (`reload: true`) or the pull-up
/// load-more, answered with its `PageLoadResult` once the load ended and its notifications went out.
struct RequestCommandRequest: SessionRequest {
    typealias Response = PageLoadResult
    static let method = "requestCommand"
    let session: String, reload: Bool

    init(params: RPCParams) throws(RPCError) { (session, reload) = (try params.string("session"), try params.bool("reload")) }

    func serve(_ session: FeedSession) -> Single<PageLoadResult> { session.viewModel.request(reload: reload) }
}

extension PageLoadResult: WireEncodable {
    /// `{"revision", "count", "page", "hasMore"}`.
    var wireJSON: JSON {
        ["revision": .int(Int64(revision)), "count": .int(Int64(count)), "page": .int(Int64(page)), "hasMore": .bool(hasMore)]
    }
}

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
    /// `{"revision", "count", "page", "hasMore"}`, then `duplicatesDropped` when the load dropped
    /// items whose id was already listed.
    var wireJSON: JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "revision", value: .int(Int64(revision)))
        object.appendUnchecked(key: "count", value: .int(Int64(count)))
        object.appendUnchecked(key: "page", value: .int(Int64(page)))
        object.appendUnchecked(key: "hasMore", value: .bool(hasMore))
        if duplicatesDropped > 0 { object["duplicatesDropped"] = .int(Int64(duplicatesDropped)) }
        return .object(object)
    }
}

import Feed
import JSON
import Reactive
import RPC

/// `requestCommand {session, reload}`: the pull-down reload (`reload: true`) or the pull-up
/// load-more, answered with its `PageLoadResult` once the load ended and its notifications went
/// out; or `requestCommand {session, showNew: true}`: the new items a background reload
/// announced (`newItems`) replace the list.
struct RequestCommandRequest: SessionRequest {
    typealias Response = PageLoadResult
    static let method = "requestCommand"
    let session: String, reload: Bool, showNew: Bool

    init(params: RPCParams) throws(RPCError) {
        session = try params.string("session")
        showNew = try params.optionalBool("showNew") ?? false
        reload = showNew ? try params.optionalBool("reload") ?? false : try params.bool("reload")
    }

    func serve(_ session: FeedSession) -> Single<PageLoadResult> {
        showNew ? session.viewModel.showNew() : session.viewModel.request(reload: reload)
    }
}

extension PageLoadResult: WireEncodable {
    /// `{"revision", "count", "page", "hasMore"}`, then `duplicatesDropped` when the load dropped
    /// items whose id was already listed, and `shown` for `showNew`.
    var wireJSON: JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "revision", value: .int(Int64(revision)))
        object.appendUnchecked(key: "count", value: .int(Int64(count)))
        object.appendUnchecked(key: "page", value: .int(Int64(page)))
        object.appendUnchecked(key: "hasMore", value: .bool(hasMore))
        if duplicatesDropped > 0 { object["duplicatesDropped"] = .int(Int64(duplicatesDropped)) }
        if let shown { object.appendUnchecked(key: "shown", value: .int(Int64(shown))) }
        return .object(object)
    }
}

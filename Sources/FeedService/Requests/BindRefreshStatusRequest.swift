import Feed
import Reactive
import RPC

/// `bindRefreshStatus {session, header? = true, footer? = true}` (seed 003's
/// `refreshStatusBind`): answered with the latest status and the load states; from then on the
/// statuses of the controls the view has flow as `refreshStatus` notifications. Binding again
/// replaces it.
struct BindRefreshStatusRequest: SessionRequest {
    typealias Response = RefreshUpdate
    static let method = "bindRefreshStatus"
    let session: String, header: Bool, footer: Bool

    init(params: RPCParams) throws(RPCError) {
        (session, header, footer) = (try params.string("session"), try params.optionalBool("header") ?? true, try params.optionalBool("footer") ?? true)
    }

    func serve(_ session: FeedSession) -> Single<RefreshUpdate> { session.bindRefreshStatus(header: header, footer: footer) }
}

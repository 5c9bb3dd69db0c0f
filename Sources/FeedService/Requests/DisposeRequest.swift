import JSON
import Reactive
import RPC

/// `dispose {session}`: cancels the session's loads and releases it, answered `{}` once
/// nothing more can be sent for it; its id is unknown from then on.
struct DisposeRequest: FeedRequest {
    static let method = "dispose"
    let session: String

    init(params: RPCParams) throws(RPCError) { session = try params.string("session") }

    /// `{}`.
    struct Response: WireEncodable { var wireJSON: JSON { [:] } }

    func serve(_ service: FeedService, client: Client) throws(RPCError) -> Single<Response> {
        let session = try service.sessions.remove(self.session)
        service.logger.log(.info, "session \(session.id) disposed")
        return Single.create { [heapTrimmer = service.heapTrimmer] observer in
            session.dispose {
                heapTrimmer.request()
                observer(.success(Response()))
            }
            return Disposables.create()
        }
    }
}

import Feed
import FeedModel
import FeedSources
import Reactive
import RPC

/// One method of the feed protocol, as swift-tools-protocols' `RequestType`: its name, its
/// params decoded once into the request's fields (-32602 naming a bad one), and its result.
/// `MessageRegistry` registers every one.
protocol FeedRequest: Sendable {
    /// What a success is answered with.
    associatedtype Response: WireEncodable
    /// The method name.
    static var method: String { get }

    /// Decodes the params.
    init(params: RPCParams) throws(RPCError)

    /// Starts serving the request of `client` in `service`; the outcome answers it, and a
    /// `$/cancelRequest` disposes of it.
    func serve(_ service: FeedService, client: Client) throws(RPCError) -> Single<Response>

    /// The error a failed feed operation is answered with: -32002 unless the method says otherwise.
    func answer(to failure: FeedError) -> RPCError
}

extension FeedRequest {
    func answer(to failure: FeedError) -> RPCError { .loadFailed(failure) }

    /// The error the outcome's `error` is answered with.
    func answer(toError error: any Error) -> RPCError {
        if let error = error as? RPCError { return error }
        if let error = error as? FeedInputError { return .invalidInput(error) }
        return answer(to: error as? FeedError ?? .transport(message: "\(error)", url: nil))
    }
}

/// A method that addresses one live session, by its `session` param (-32001 when none has that id).
protocol SessionRequest: FeedRequest {
    /// The session's id.
    var session: String { get }

    /// Starts serving the request on its session.
    func serve(_ session: FeedSession) -> Single<Response>
}

extension SessionRequest {
    func serve(_ service: FeedService, client: Client) throws(RPCError) -> Single<Response> {
        serve(try service.sessions.session(session))
    }
}

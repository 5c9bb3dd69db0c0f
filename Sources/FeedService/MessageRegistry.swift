import Feed
import Reactive
import RPC

/// The feed protocol's requests, one type per method, as swift-tools-protocols'
/// `MessageRegistry` lists them; registering them puts every feed method on a server.
enum MessageRegistry {
    /// Every feed request, registered on a server: each entry names its type, so the compiler
    /// specializes the one handler for it (a handler generic at run time would look up type
    /// metadata on every request).
    static let requests: [@Sendable (FeedService, Client, RPCServer) -> Void] = [
        { register(TransformRequest.self, $0, $1, on: $2) },
        { register(RequestCommandRequest.self, $0, $1, on: $2) },
        { register(LoadImageRequest.self, $0, $1, on: $2) },
        { register(BindRefreshStatusRequest.self, $0, $1, on: $2) },
        { register(UpdateInputRequest.self, $0, $1, on: $2) },
        { register(WillDisplayRequest.self, $0, $1, on: $2) },
        { register(CancelImageRequest.self, $0, $1, on: $2) },
        { register(DidEndDisplayingRequest.self, $0, $1, on: $2) },
        { register(DisposeRequest.self, $0, $1, on: $2) },
        { register(UpdateItemRequest.self, $0, $1, on: $2) },
        { register(RemoveItemRequest.self, $0, $1, on: $2) },
        { register(CacheInfoRequest.self, $0, $1, on: $2) },
        { register(ClearCacheRequest.self, $0, $1, on: $2) },
    ]

    /// Puts every request's method on `server`, served by `service`.
    static func register(_ service: FeedService, on server: RPCServer) {
        let client = Client(of: server)
        for register in requests { register(service, client, server) }
    }

    /// The one handler: the params decoded into a `Request`, the request served, and its
    /// outcome answered (`RequestAnswer`); a `$/cancelRequest` withdraws from it. Params that do not decode and an unknown session
    /// are answered at once.
    private static func register<Request: FeedRequest>(_: Request.Type, _ service: FeedService, _ client: Client, on server: RPCServer) {
        let redactor = service.secrets
        server.register(Request.method) { params, context in
            let request: Request
            let outcome: Single<Request.Response>
            do throws(RPCError) {
                request = try Request(params: RPCParams(params))
                outcome = try request.serve(service, client: client)
            } catch {
                return context.fail(error)
            }
            let subscription = outcome.subscribe(observing: RequestAnswer(request: consume request, context: context, redactor: redactor))
            context.cancellation.onCancel { subscription.dispose() }
        }
    }
}

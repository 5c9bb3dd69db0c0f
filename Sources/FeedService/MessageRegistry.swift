import Feed
import Reactive
import RPC

/// The feed protocol's requests, one type per method, as swift-tools-protocols'
/// `MessageRegistry` lists them; registering them puts every feed method on a server.
enum MessageRegistry {
    /// Every feed request.
    static let requests: [any FeedRequest.Type] = [
        TransformRequest.self, RequestCommandRequest.self, LoadImageRequest.self, BindRefreshStatusRequest.self,
        UpdateInputRequest.self, WillDisplayRequest.self, CancelImageRequest.self, DidEndDisplayingRequest.self,
        DisposeRequest.self, UpdateItemRequest.self, RemoveItemRequest.self, CacheInfoRequest.self, ClearCacheRequest.self,
    ]

    /// Puts every request's method on `server`, served by `service`.
    static func register(_ service: FeedService, on server: RPCServer) {
        for request in requests { register(request, service, on: server) }
    }

    /// The one handler: the params decoded into a `Request`, the request served, and its
    /// outcome answered with the secrets replaced (an image's base64 `data` is not text); a
    /// `$/cancelRequest` withdraws from it. Params that do not decode and an unknown session
    /// are answered at once.
    private static func register<Request: FeedRequest>(_: Request.Type, _ service: FeedService, on server: RPCServer) {
        let redactor = service.secrets
        server.register(Request.method) { params, context in
            let request: Request
            let outcome: Single<Request.Response>
            do throws(RPCError) {
                request = try Request(params: RPCParams(params))
                outcome = try request.serve(service, server: server)
            } catch {
                return context.fail(error)
            }
            let subscription = outcome.subscribe { result in
                switch result {
                case .success(let response):
                    context.succeed(redactor.redact(json: response.wireJSON), attaching: response.wireAttachments)
                case .failure(let error):
                    context.fail(redactor.redact(error: request.answer(toError: error)))
                }
            }
            context.cancellation.onCancel { subscription.dispose() }
        }
    }
}

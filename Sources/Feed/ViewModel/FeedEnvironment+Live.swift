import FeedSources
import Images
import Network
import Reactive

extension FeedEnvironment {
    /// The production environment: the stub source answers from its catalog on `scheduler`
    /// (at once, or after `input.stubDelay`, else `defaultStubDelay` seconds); the others send
    /// requests through Moya-style providers, every one with `plugins` (e.g. the network
    /// logger), over `transport`, the envelope's renewed token kept in `tokens` across inputs,
    /// as are a custom source's request budget and OAuth2 token (each token it fetches handed
    /// to `tokens` as a secret). `requestTimeout` is the transport's deadline, which a token
    /// renewal's refresh and retry share with the request they renew.
    public static func live(
        scheduler: any SchedulerType, imageLoader: any ImageRetrieving, transport: any HTTPTransport = CurlTransport(),
        requestTimeout: Double = CurlTransport.Limits.defaultRequestTimeout, defaultStubDelay: Double = 0,
        plugins: [any PluginType] = [], tokens: TokenStore = TokenStore()
    ) -> FeedEnvironment {
        let resources = SourceResources(onToken: tokens.didObtainSecret)
        return FeedEnvironment(scheduler: scheduler, makeSource: { input in
            guard input.source == .stub else {
                let composed = resources.transport(for: input.config, over: transport, scheduler: scheduler, timeout: requestTimeout)
                let authorized = input.tokenRenewal.map { $0.wrapping(composed, timeout: requestTimeout, store: tokens) } ?? composed
                // Answers hop to the session's scheduler before anything maps them.
                let provider = Provider<FeedTarget>(callbackScheduler: scheduler, transport: authorized, plugins: plugins)
                return ProviderFeedSource(config: input.config, context: input.context, provider: provider)
            }
            return StubFeedSource(catalog: StubCatalog(total: input.total), delay: input.stubDelay ?? defaultStubDelay, scheduler: scheduler)
        }, imageLoader: imageLoader, requestTimeout: requestTimeout)
    }
}

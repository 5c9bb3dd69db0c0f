import FeedSources
import Images
import Network
import Reactive

extension FeedEnvironment {
    /// The production environment: pages through Moya-style providers, every one with `plugins`
    /// (e.g. the network logger). The stub source stubs every target on `scheduler`
    /// (`.immediate`, or `.delayed` by `input.stubDelay`, else `defaultStubDelay` seconds); the
    /// others send requests over `transport`, the envelope's renewed token kept in `tokens`
    /// across inputs, as are a custom source's request budget and OAuth2 token (each token it
    /// fetches handed to `tokens` as a secret). `requestTimeout` is the transport's deadline,
    /// which a token renewal's refresh and retry share with the request they renew.
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
            let delay = input.stubDelay ?? defaultStubDelay
            let behavior: StubBehavior = delay > 0 ? .delayed(seconds: delay) : .immediate
            let provider = Provider<FeedTarget>(stubClosure: { _ in behavior }, stubScheduler: scheduler, transport: transport, plugins: plugins)
            return ProviderFeedSource(config: input.config, context: input.context, provider: provider, catalog: StubCatalog(total: input.total))
        }, imageLoader: imageLoader)
    }
}

import Locking
import Network
import Reactive

/// What a session's custom sources share across its input changes: the request budget of each
/// `rateLimit` and the token of each OAuth2 grant. A category switch makes a new source but
/// neither a new burst nor a new token.
public final class SourceResources: Sendable {
    private let limiters = Locked<[RateLimit: RateLimiter]>([:])
    private let grants = Locked<[ClientCredentials: ClientCredentialsGrant]>([:])
    private let onToken: @Sendable (String) -> Void

    /// Resources whose grants hand every token they fetch to `onToken` before it is sent (the
    /// session registers it as a secret).
    public init(onToken: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onToken = onToken
    }

    /// `transport` as `config`'s requests go over it: each within the budget of its
    /// `rateLimit` (page and detail requests alike; token requests are not counted), and
    /// authorized by its OAuth2 grant, whose token requests take `timeout` seconds at most.
    public func transport(
        for config: SourceConfig, over transport: any HTTPTransport, scheduler: any SchedulerType, timeout: Double? = nil
    ) -> any HTTPTransport {
        var composed = transport
        if let limit = config.rateLimit {
            let limiter = limiters.withLock { limiters in
                if let existing = limiters[limit] { return existing }
                let limiter = RateLimiter(limit: limit, scheduler: scheduler)
                limiters[limit] = limiter
                return limiter
            }
            composed = RateLimitedTransport(wrapping: composed, limiter: limiter)
        }
        if let credentials = config.clientCredentials {
            let onToken = self.onToken
            let grant = grants.withLock { grants in
                if let existing = grants[credentials] { return existing }
                let grant = ClientCredentialsGrant(
                    credentials: credentials, transport: transport, clock: { scheduler.now }, timeout: timeout, onToken: onToken)
                grants[credentials] = grant
                return grant
            }
            composed = ClientCredentialsTransport(wrapping: composed, grant: grant)
        }
        return composed
    }
}

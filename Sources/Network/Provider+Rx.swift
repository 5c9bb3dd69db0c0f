import Reactive

/// The reactive face of a provider: `provider.rx.request(target)`.
public struct ProviderReactive<Target: TargetType>: Sendable {
    /// The provider the requests go through.
    public let provider: Provider<Target>

    /// A single that sends `target` when subscribed and succeeds with its response;
    /// disposing the subscription cancels the request.
    public func request(_ target: Target) -> Single<Response> {
        let provider = self.provider
        return Single.create { observer in
            let request = provider.request(target) { result in
                switch result {
                case .success(let response): observer(.success(response))
                case .failure(let error): observer(.failure(error))
                }
            }
            return Disposables.create { request.dispose() }
        }
    }
}

extension Provider {
    /// Reactive extensions: `provider.rx.request(target)` as a `Single<Response>`.
    public var rx: ProviderReactive<Target> { ProviderReactive(provider: self) }
}

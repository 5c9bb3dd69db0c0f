/// The observable operators that keep a single a single.
extension Single {
    /// Subscribes with one closure per outcome; `onDisposed` runs after the outcome or on disposal.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// The outcome delivered on `scheduler`.
    public func observe(on scheduler: some SchedulerType) -> Single<Element> {
        Single(unchecked: asObservable().observe(on: scheduler))
    }

    /// Subscribes (runs the work, e.g. starts the request) on `scheduler`.
    public func subscribe(on scheduler: some SchedulerType) -> Single<Element> {
        Single(unchecked: asObservable().subscribe(on: scheduler))
    }

    /// On failure, the outcome of the single `handler` returns for the error.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Single<Element>) -> Single<Element> {
        Single(unchecked: asObservable().catch { try handler($0).asObservable() })
    }

    /// On failure, succeeds with `element`.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(unchecked: asObservable().catchAndReturn(element))
    }

    /// Resubscribes after a failure, at most `maxAttempts` subscriptions in all.
    public func retry(_ maxAttempts: Int) -> Single<Element> {
        Single(unchecked: asObservable().retry(maxAttempts))
    }
}

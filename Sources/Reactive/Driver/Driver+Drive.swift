extension Driver {
    /// Subscribes with closures; there is no `onError` because a driver never errors.
    public func drive(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every element and the completion to `observer`.
    public func drive<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(observer)
    }
}

/// A sequence of events that observers can subscribe to.
public protocol ObservableType<Element>: Sendable {
    associatedtype Element: Sendable

    /// Starts delivering events to `observer`; disposing the result stops them.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> {
        if let observable = self as? Observable<Element> { return observable }
        return Observable { observer in self.subscribe(observer) }
    }

    /// Subscribes with closures for each kind of event; `onDisposed` runs after a terminal
    /// event or when the subscription is disposed, whichever comes first.
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        let disposed = onDisposed.map { Disposables.create(with: $0) } ?? Disposables.create(with: {})
        let observer = AnyObserver<Element> { event in
            switch event {
            case .next(let element):
                onNext?(element)
            case .error(let error):
                onError?(error)
                disposed.dispose()
            case .completed:
                onCompleted?()
                disposed.dispose()
            }
        }
        return Disposables.create(subscribe(observer), disposed)
    }

    /// Subscribes with one closure that receives every event.
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> Disposable {
        subscribe(AnyObserver(on))
    }
}

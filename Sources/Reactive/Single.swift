/// What a `Single` ends with: exactly one success or one failure (as in RxSwift 6, a `Result`).
public typealias SingleEvent<Element> = Result<Element, any Error>

/// A sequence of exactly one element or one error, such as one network request.
///
/// A single made by `create` (or `just`, `error`, `map`) is subscribed to directly: its
/// closure gets the callback, and the first outcome it reports is delivered, nothing after it
/// nor after disposal. Only the observable operators (`asObservable`, `observe(on:)`, `retry`,
/// ...) go through an `Observable`, so a request answered once costs a few objects, not a chain
/// of sinks.
public struct Single<Element: Sendable>: ObservableType {
    /// What a subscription runs: reports the outcome through the callback, returns what cancels it.
    public typealias Body = @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable

    private enum Source: Sendable {
        case body(Body)
        case observable(Observable<Element>)
    }

    private let source: Source

    /// A single that runs `subscribe` for each subscription and takes the first event it reports.
    public static func create(_ subscribe: @escaping Body) -> Single<Element> {
        Single(source: .body(subscribe))
    }

    /// A single that succeeds with `element`.
    public static func just(_ element: Element) -> Single<Element> {
        create { observer in
            observer(.success(element))
            return Disposables.create()
        }
    }

    /// A single that fails with `error`.
    public static func error(_ error: any Error) -> Single<Element> {
        create { observer in
            observer(.failure(error))
            return Disposables.create()
        }
    }

    /// Wraps a source that the caller knows emits exactly one element or an error.
    public init(unchecked source: Observable<Element>) {
        self.source = .observable(source)
    }

    private init(source: Source) {
        self.source = source
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        switch source {
        case .observable(let observable):
            return observable.subscribe(observer)
        case .body:
            return subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        }
    }

    /// Subscribes with one closure for the outcome.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable {
        switch source {
        case .observable(let observable):
            return observable.subscribe(onNext: { observer(.success($0)) }, onError: { observer(.failure($0)) })
        case .body:
            return subscribe(observing: ClosureSingleObserver(observe: observer))
        }
    }

    /// Subscribes `observer`, kept inside the subscription: what the outcome needs costs no
    /// object of its own, as a closure's captures do. The first outcome passes, nothing after
    /// it or after disposal.
    public func subscribe<Observer: SingleObserving>(observing observer: consuming Observer) -> SingleSubscription<Observer>
    where Observer.Element == Element {
        let subscription = SingleSubscription(consume observer)
        switch source {
        case .observable(let observable):
            subscription.start(observable.subscribe(onNext: { subscription.deliver(.success($0)) }, onError: { subscription.deliver(.failure($0)) }))
        case .body(let body):
            subscription.start(body(subscription.deliver))
        }
        return subscription
    }

    /// The single with its element transformed; a throwing transform fails it.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Single<Result> {
        let source = self
        return Single<Result>.create { observer in
            source.subscribe { event in
                switch event {
                case .success(let element):
                    do { observer(.success(try transform(element))) } catch { observer(.failure(error)) }
                case .failure(let error):
                    observer(.failure(error))
                }
            }
        }
    }

    /// The single that `transform` returns for the element.
    public func flatMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Single<Result>) -> Single<Result> {
        let source = self
        return Single<Result>.create { observer in
            let inner = SerialDisposable()
            let outer = source.subscribe { event in
                switch event {
                case .success(let element):
                    do { inner.disposable = try transform(element).subscribe(observer) } catch { observer(.failure(error)) }
                case .failure(let error):
                    observer(.failure(error))
                }
            }
            return Disposables.create(outer, inner)
        }
    }
}

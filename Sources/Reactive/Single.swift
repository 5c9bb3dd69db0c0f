/// What a `Single` ends with: exactly one success or one failure (as in RxSwift 6, a `Result`).
public typealias SingleEvent<Element> = Result<Element, any Error>

/// A sequence of exactly one element or one error, such as one network request.
public struct Single<Element: Sendable>: ObservableType {
    private let source: Observable<Element>

    /// A single that runs `subscribe` for each subscription and takes the first event it reports.
    public static func create(_ subscribe: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable) -> Single<Element> {
        Single(unchecked: Observable { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        })
    }

    /// A single that succeeds with `element`.
    public static func just(_ element: Element) -> Single<Element> { Single(unchecked: .just(element)) }

    /// A single that fails with `error`.
    public static func error(_ error: any Error) -> Single<Element> { Single(unchecked: .error(error)) }

    /// Wraps a source that the caller knows emits exactly one element or an error.
    public init(unchecked source: Observable<Element>) {
        self.source = source
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// Subscribes with one closure for the outcome.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable {
        source.subscribe(onNext: { observer(.success($0)) }, onError: { observer(.failure($0)) })
    }

    /// The single with its element transformed; a throwing transform fails it.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Single<Result> {
        let source = self.source
        return Single<Result>(unchecked: Observable { observer in
            source.subscribe { event in observer.on(event.map(transform)) }
        })
    }

    /// The single that `transform` returns for the element.
    public func flatMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Single<Result>) -> Single<Result> {
        let source = self.source
        return Single<Result>(unchecked: Observable { observer in
            let inner = SerialDisposable()
            let outer = source.subscribe { event in
                switch event {
                case .next(let element):
                    do { inner.disposable = try transform(element).subscribe(observer) } catch { observer.onError(error) }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    break
                }
            }
            return Disposables.create(outer, inner)
        })
    }
}

extension ObservableType {
    /// For each element, `resultSelector` applied to it and the latest element of `second`;
    /// elements arriving before `second` has emitted are dropped. Errors of either sequence end
    /// the result; only this sequence's completion completes it.
    public func withLatestFrom<Second: ObservableType, Result: Sendable>(
        _ second: Second,
        resultSelector: @escaping @Sendable (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        Observable { observer in
            let sink = WithLatestFromSink(resultSelector: resultSelector, observer: observer)
            let secondSubscription = second.subscribe(AnyObserver(sink.onSecond))
            let firstSubscription = self.subscribe(sink)
            return Disposables.create(firstSubscription, secondSubscription)
        }
    }

    /// For each element, the latest element of `second` (see `withLatestFrom(_:resultSelector:)`).
    public func withLatestFrom<Second: ObservableType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }
}

private final class WithLatestFromSink<Element: Sendable, Second: Sendable, Result: Sendable>: ObserverType {
    private let resultSelector: @Sendable (Element, Second) throws -> Result
    private let observer: AnyObserver<Result>
    private let latest = Locked<Second?>(nil)

    init(resultSelector: @escaping @Sendable (Element, Second) throws -> Result, observer: AnyObserver<Result>) {
        self.resultSelector = resultSelector
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard let second = latest.current else { return }
            do { observer.onNext(try resultSelector(element, second)) } catch { observer.onError(error) }
        case .error(let error):
            observer.onError(error)
        case .completed:
            observer.onCompleted()
        }
    }

    func onSecond(_ event: Event<Second>) {
        switch event {
        case .next(let element):
            latest.withLock { $0 = element }
        case .error(let error):
            observer.onError(error)
        case .completed:
            break
        }
    }
}

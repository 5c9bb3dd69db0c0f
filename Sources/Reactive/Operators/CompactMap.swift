extension ObservableType {
    /// The non-nil results of `transform`; an error it throws terminates the sequence.
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Observable<Result> {
        Observable { observer in
            self.subscribe(CompactMapSink(transform: transform, observer: observer))
        }
    }
}

private struct CompactMapSink<Element: Sendable, Result: Sendable>: ObserverType {
    let transform: @Sendable (Element) throws -> Result?
    let observer: AnyObserver<Result>

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                if let result = try transform(element) { observer.onNext(result) }
            } catch {
                observer.onError(error)
            }
        case .error(let error):
            observer.onError(error)
        case .completed:
            observer.onCompleted()
        }
    }
}

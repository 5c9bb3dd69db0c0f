extension ObservableType {
    /// Each element transformed by `transform`; an error it throws terminates the sequence.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
        Observable { observer in
            self.subscribe(MapSink(transform: transform, observer: observer))
        }
    }
}

private struct MapSink<Element: Sendable, Result: Sendable>: ObserverType {
    let transform: @Sendable (Element) throws -> Result
    let observer: AnyObserver<Result>

    func on(_ event: Event<Element>) {
        observer.on(event.map(transform))
    }
}

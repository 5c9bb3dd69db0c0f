extension ObservableType {
    /// Only the elements for which `isIncluded` is true; an error it throws terminates the sequence.
    public func filter(_ isIncluded: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        Observable { observer in
            self.subscribe(FilterSink(isIncluded: isIncluded, observer: observer))
        }
    }
}

private struct FilterSink<Element: Sendable>: ObserverType {
    let isIncluded: @Sendable (Element) throws -> Bool
    let observer: AnyObserver<Element>

    func on(_ event: Event<Element>) {
        guard case .next(let element) = event else { return observer.on(event) }
        do {
            if try isIncluded(element) { observer.onNext(element) }
        } catch {
            observer.onError(error)
        }
    }
}

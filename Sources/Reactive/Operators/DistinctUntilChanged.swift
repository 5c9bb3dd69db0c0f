extension ObservableType {
    /// Drops elements that `isEquivalent` judges equal to the element emitted just before them.
    public func distinctUntilChanged(_ isEquivalent: @escaping @Sendable (Element, Element) throws -> Bool) -> Observable<Element> {
        Observable { observer in
            self.subscribe(DistinctUntilChangedSink(isEquivalent: isEquivalent, observer: observer))
        }
    }
}

extension ObservableType where Element: Equatable {
    /// Drops elements equal to the element emitted just before them.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged(==)
    }
}

private final class DistinctUntilChangedSink<Element: Sendable>: ObserverType {
    private let isEquivalent: @Sendable (Element, Element) throws -> Bool
    private let observer: AnyObserver<Element>
    private let last = Locked<Element?>(nil)

    init(isEquivalent: @escaping @Sendable (Element, Element) throws -> Bool, observer: AnyObserver<Element>) {
        self.isEquivalent = isEquivalent
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        guard case .next(let element) = event else { return observer.on(event) }
        do {
            if let previous = last.current, try isEquivalent(previous, element) { return }
            last.withLock { $0 = element }
            observer.onNext(element)
        } catch {
            observer.onError(error)
        }
    }
}

/// Errors raised by the library's own operators.
public enum RxError: Error, Equatable, Sendable {
    /// `asSingle()` saw the sequence complete without an element.
    case noElements
    /// `asSingle()` saw a second element.
    case moreThanOneElement
}

extension ObservableType {
    /// A `Single` of this sequence's only element; fails with `RxError.noElements` if it completes
    /// empty and with `RxError.moreThanOneElement` on a second element.
    public func asSingle() -> Single<Element> {
        Single(unchecked: Observable { observer in
            self.subscribe(AsSingleSink(observer: observer))
        })
    }
}

private final class AsSingleSink<Element: Sendable>: ObserverType {
    private let observer: AnyObserver<Element>
    private let element = Locked<Element?>(nil)

    init(observer: AnyObserver<Element>) {
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let next):
            let isSecond = element.withLock { element -> Bool in
                defer { element = next }
                return element != nil
            }
            if isSecond { observer.onError(RxError.moreThanOneElement) }
        case .error(let error):
            observer.onError(error)
        case .completed:
            if let only = element.current {
                observer.onNext(only)
                observer.onCompleted()
            } else {
                observer.onError(RxError.noElements)
            }
        }
    }
}

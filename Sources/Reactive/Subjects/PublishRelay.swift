/// A `PublishSubject` that can only emit elements: it never errors and never completes.
public final class PublishRelay<Element: Sendable>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// A relay with no observers yet.
    public init() {}

    /// Broadcasts `element` to the current observers.
    public func accept(_ element: Element) { subject.onNext(element) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }
}

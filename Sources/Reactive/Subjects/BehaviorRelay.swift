/// A `BehaviorSubject` that can only emit elements: it never errors and never completes, so its
/// current `value` is always available.
public final class BehaviorRelay<Element: Sendable>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// A relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject never receives an error, so `value()` cannot throw.
        try! subject.value()
    }

    /// Makes `element` the current value and broadcasts it.
    public func accept(_ element: Element) { subject.onNext(element) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }
}

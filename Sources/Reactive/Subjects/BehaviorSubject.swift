/// Holds a current value: new subscribers receive it first, then every later event.
///
/// After a terminal event, a new subscriber receives only that event (not the last value), as in
/// RxSwift. Safe to call from any thread (see `SubjectCore`).
public final class BehaviorSubject<Element: Sendable>: ObservableType, ObserverType {
    private let core: SubjectCore<Element>

    /// A subject whose current value is `value`.
    public init(value: Element) {
        core = SubjectCore(bufferSize: 1, initial: [value], replaysAfterStop: false)
    }

    /// The current value; throws the error the subject failed with. After completion it is the
    /// last value.
    public func value() throws -> Element {
        // The buffer always holds the initial value or a later one.
        try core.latest()!
    }

    /// Makes `event`'s element the current value and broadcasts it; ignored after termination.
    public func on(_ event: Event<Element>) { core.on(event) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        core.subscribe(AnyObserver(observer))
    }

    /// `true` while at least one observer is subscribed and the subject has not terminated.
    public var hasObservers: Bool { core.hasObservers }
}

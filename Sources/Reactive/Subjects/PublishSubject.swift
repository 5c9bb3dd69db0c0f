/// Broadcasts every event to the observers subscribed at that moment; replays nothing.
///
/// After a terminal event, new subscribers receive only that event. Safe to call from any thread:
/// concurrent events are delivered one at a time, and an event emitted from inside an observer is
/// delivered to everyone after the current one rather than nested (see `SubjectCore`); no lock is
/// held while observers run, so observers may subscribe, dispose or emit freely.
public final class PublishSubject<Element: Sendable>: ObservableType, ObserverType {
    private let core = SubjectCore<Element>(bufferSize: 0, replaysAfterStop: false)

    /// A subject with no observers yet.
    public init() {}

    /// Broadcasts `event`; ignored once the subject has terminated.
    public func on(_ event: Event<Element>) { core.on(event) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        core.subscribe(AnyObserver(observer))
    }

    /// `true` while at least one observer is subscribed and the subject has not terminated.
    public var hasObservers: Bool { core.hasObservers }
}

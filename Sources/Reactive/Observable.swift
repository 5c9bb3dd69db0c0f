/// A sequence defined by what it does when subscribed.
///
/// Every subscription goes through a sink that enforces the grammar `next* (error | completed)?`:
/// nothing is delivered after a terminal event, and a terminal event releases the subscription.
/// Events reach the observer one at a time: one emitted while the observer is still handling the
/// previous one (from another thread, or re-entrantly from the observer itself) is queued and
/// delivered right after, never nested and never concurrently.
public final class Observable<Element: Sendable>: ObservableType {
    private let subscribeHandler: @Sendable (AnyObserver<Element>) -> Disposable

    /// A sequence that runs `subscribe` for each new observer.
    public init(_ subscribe: @escaping @Sendable (AnyObserver<Element>) -> Disposable) {
        subscribeHandler = subscribe
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = GrammarSink(observer: observer)
        sink.subscription.disposable = subscribeHandler(AnyObserver(sink.on))
        return sink
    }
}

extension Observable {
    /// A sequence whose subscriptions run `subscribe` (RxSwift's `Observable.create`).
    public static func create(_ subscribe: @escaping @Sendable (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        Observable(subscribe)
    }

    /// One element, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        Observable { observer in
            observer.onNext(element)
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// Completion and nothing else.
    public static func empty() -> Observable<Element> {
        Observable { observer in
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// A failure and nothing else.
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable { observer in
            observer.onError(error)
            return Disposables.create()
        }
    }

    /// A sequence that never emits.
    public static func never() -> Observable<Element> {
        Observable { _ in Disposables.create() }
    }
}

/// Forwards events to one observer until the first terminal event or disposal, serialized by a
/// `SerialForwarder` so that concurrent or re-entrant emitters cannot break the grammar.
private final class GrammarSink<Observer: ObserverType>: Cancelable {
    private let forwarder: SerialForwarder<Observer>
    let subscription = SerialDisposable()

    init(observer: Observer) {
        forwarder = SerialForwarder(observer)
    }

    var isDisposed: Bool { forwarder.isStopped }

    func on(_ event: Event<Observer.Element>) {
        forwarder.on(event)
        if event.isStopEvent { subscription.dispose() }
    }

    func dispose() {
        forwarder.cancel()
        subscription.dispose()
    }
}

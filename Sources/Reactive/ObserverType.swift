/// Something that receives the events of a sequence.
public protocol ObserverType<Element>: Sendable {
    associatedtype Element: Sendable

    /// Delivers one event. After a terminal event the observer receives nothing more.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Delivers `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }
    /// Delivers `.completed`.
    public func onCompleted() { on(.completed) }
    /// Delivers `.error(error)`.
    public func onError(_ error: any Error) { on(.error(error)) }
}

/// A type-erased observer.
public struct AnyObserver<Element: Sendable>: ObserverType {
    private let handler: @Sendable (Event<Element>) -> Void

    /// An observer that calls `handler` for every event.
    public init(_ handler: @escaping @Sendable (Event<Element>) -> Void) {
        self.handler = handler
    }

    /// An observer that forwards to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.handler = observer.on
    }

    public func on(_ event: Event<Element>) { handler(event) }
}

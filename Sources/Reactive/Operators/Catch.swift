extension ObservableType {
    /// On error, continues with the sequence `handler` returns for it; if `handler` throws, that
    /// error is forwarded instead.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Observable<Element>) -> Observable<Element> {
        Observable { observer in
            let sink = CatchSink(handler: handler, observer: observer)
            sink.subscription.disposable = self.subscribe(sink)
            return sink.subscription
        }
    }

    /// On error, emits `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
    }
}

private final class CatchSink<Element: Sendable>: ObserverType {
    private let handler: @Sendable (any Error) throws -> Observable<Element>
    private let observer: AnyObserver<Element>
    /// The source subscription, replaced by the fallback's on error.
    let subscription = SerialDisposable()

    init(handler: @escaping @Sendable (any Error) throws -> Observable<Element>, observer: AnyObserver<Element>) {
        self.handler = handler
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        guard case .error(let error) = event else { return observer.on(event) }
        do {
            let fallback = try handler(error)
            let slot = SerialDisposable()
            subscription.disposable = slot
            slot.disposable = fallback.subscribe(observer)
        } catch {
            observer.onError(error)
        }
    }
}

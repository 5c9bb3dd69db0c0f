extension ObservableType {
    /// Maps each element to a sequence, ignoring elements that arrive while the previous inner
    /// sequence is still running (a load-more ignored while one is in flight).
    public func flatMapFirst<Source: ObservableType>(_ selector: @escaping @Sendable (Element) throws -> Source) -> Observable<Source.Element> {
        Observable { observer in
            let sink = FlatMapFirstSink(selector: selector, observer: observer)
            let outer = self.subscribe(sink)
            return Disposables.create(outer, sink.inner)
        }
    }
}

private final class FlatMapFirstSink<Element: Sendable, Source: ObservableType>: ObserverType {
    private struct State {
        var hasActiveInner = false
        var isOuterCompleted = false
    }

    private let selector: @Sendable (Element) throws -> Source
    private let observer: AnyObserver<Source.Element>
    private let state = Locked(State())
    let inner = SerialDisposable()

    init(selector: @escaping @Sendable (Element) throws -> Source, observer: AnyObserver<Source.Element>) {
        self.selector = selector
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let isIdle = state.withLock { state -> Bool in
                guard !state.hasActiveInner else { return false }
                state.hasActiveInner = true
                return true
            }
            guard isIdle else { return }
            do {
                let slot = SerialDisposable()
                inner.disposable = slot
                slot.disposable = try selector(element).subscribe(AnyObserver(onInner))
            } catch {
                observer.onError(error)
            }
        case .error(let error):
            observer.onError(error)
        case .completed:
            let isDone = state.withLock { state -> Bool in
                state.isOuterCompleted = true
                return !state.hasActiveInner
            }
            if isDone { observer.onCompleted() }
        }
    }

    private func onInner(_ event: Event<Source.Element>) {
        switch event {
        case .next, .error:
            observer.on(event)
        case .completed:
            inner.disposable = nil
            let isDone = state.withLock { state -> Bool in
                state.hasActiveInner = false
                return state.isOuterCompleted
            }
            if isDone { observer.onCompleted() }
        }
    }
}

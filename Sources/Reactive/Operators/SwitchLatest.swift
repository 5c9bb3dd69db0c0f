extension ObservableType where Element: ObservableType {
    /// The elements of the most recent inner sequence only: each new inner sequence disposes the
    /// subscription to the previous one. Completes when the outer sequence and the current inner
    /// sequence have both completed.
    public func switchLatest() -> Observable<Element.Element> {
        Observable { observer in
            let sink = SwitchSink<Element>(observer: observer)
            let outer = self.subscribe(sink)
            return Disposables.create(outer, sink.inner)
        }
    }
}

private final class SwitchSink<Inner: ObservableType>: ObserverType {
    private struct State {
        var latest = 0
        var hasActiveInner = false
        var isOuterCompleted = false
    }

    private let observer: AnyObserver<Inner.Element>
    private let state = Locked(State())
    let inner = SerialDisposable()

    init(observer: AnyObserver<Inner.Element>) {
        self.observer = observer
    }

    func on(_ event: Event<Inner>) {
        switch event {
        case .next(let source):
            let id = state.withLock { state -> Int in
                state.latest += 1
                state.hasActiveInner = true
                return state.latest
            }
            // Assigning the new slot disposes the previous inner subscription before subscribing.
            let slot = SerialDisposable()
            inner.disposable = slot
            slot.disposable = source.subscribe(AnyObserver { event in self.onInner(event, id: id) })
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

    private func onInner(_ event: Event<Inner.Element>, id: Int) {
        let (isLatest, isDone) = state.withLock { state -> (Bool, Bool) in
            guard state.latest == id else { return (false, false) }
            if case .completed = event {
                state.hasActiveInner = false
                return (true, state.isOuterCompleted)
            }
            return (true, false)
        }
        guard isLatest else { return }
        switch event {
        case .next, .error:
            observer.on(event)
        case .completed:
            inner.disposable = nil
            if isDone { observer.onCompleted() }
        }
    }
}

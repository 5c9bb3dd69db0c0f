extension ObservableType where Element: ObservableType {
    /// The elements of every inner sequence, interleaved as they arrive. Completes when the outer
    /// sequence and every inner sequence have completed; the first error from any of them ends it.
    public func merge() -> Observable<Element.Element> {
        Observable { observer in
            let sink = MergeSink<Element>(observer: observer)
            sink.group.insert(self.subscribe(sink))
            return sink.group
        }
    }
}

extension Observable {
    /// The elements of all `sources`, interleaved as they arrive.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable<Observable<Element>>.from(sources).merge()
    }

    /// The elements of all `sources`, interleaved as they arrive.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}

private final class MergeSink<Inner: ObservableType>: ObserverType {
    private let observer: AnyObserver<Inner.Element>
    let group = CompositeDisposable()
    /// Sequences still running: the outer one plus every inner one.
    private let active = Locked(1)

    init(observer: AnyObserver<Inner.Element>) {
        self.observer = observer
    }

    func on(_ event: Event<Inner>) {
        switch event {
        case .next(let inner):
            active.withLock { $0 += 1 }
            let slot = SerialDisposable()
            guard let key = group.insert(slot) else { return }
            slot.disposable = inner.subscribe(AnyObserver { event in self.onInner(event, key: key) })
        case .error(let error):
            observer.onError(error)
        case .completed:
            finishOne()
        }
    }

    private func onInner(_ event: Event<Inner.Element>, key: CompositeDisposable.Key) {
        switch event {
        case .next:
            observer.on(event)
        case .error:
            observer.on(event)
        case .completed:
            group.remove(for: key)
            finishOne()
        }
    }

    private func finishOne() {
        let isLast = active.withLock { active -> Bool in
            active -= 1
            return active == 0
        }
        if isLast { observer.onCompleted() }
    }
}

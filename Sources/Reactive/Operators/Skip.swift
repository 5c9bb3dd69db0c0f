import Locking

extension ObservableType {
    /// The elements after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        Observable { observer in
            self.subscribe(SkipSink(count: count, observer: observer))
        }
    }
}

private final class SkipSink<Element: Sendable>: ObserverType {
    private let observer: AnyObserver<Element>
    private let remaining: Locked<Int>

    init(count: Int, observer: AnyObserver<Element>) {
        self.remaining = Locked(count)
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        if case .next = event {
            let isSkipped = remaining.withLock { remaining -> Bool in
                guard remaining > 0 else { return false }
                remaining -= 1
                return true
            }
            if isSkipped { return }
        }
        observer.on(event)
    }
}

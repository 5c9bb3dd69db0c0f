extension ObservableType {
    /// The first `count` elements, then completion (and the source subscription is disposed).
    public func take(_ count: Int) -> Observable<Element> {
        guard count > 0 else { return .empty() }
        return Observable { observer in
            self.subscribe(TakeSink(count: count, observer: observer))
        }
    }
}

private final class TakeSink<Element: Sendable>: ObserverType {
    private let observer: AnyObserver<Element>
    private let remaining: Locked<Int>

    init(count: Int, observer: AnyObserver<Element>) {
        self.remaining = Locked(count)
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        guard case .next = event else { return observer.on(event) }
        let left = remaining.withLock { remaining -> Int? in
            guard remaining > 0 else { return nil }
            remaining -= 1
            return remaining
        }
        guard let left else { return }
        observer.on(event)
        if left == 0 { observer.onCompleted() }
    }
}

extension ObservableType {
    /// Resubscribes after an error, at most `maxAttempts` subscriptions in all; the last
    /// attempt's error is forwarded. Elements of failed attempts have already been emitted.
    public func retry(_ maxAttempts: Int) -> Observable<Element> {
        Observable { observer in
            let sink = RetrySink(source: self, attempts: maxAttempts, observer: observer)
            sink.subscribeNext()
            return sink.subscription
        }
    }
}

private final class RetrySink<Source: ObservableType>: ObserverType {
    typealias Element = Source.Element

    private let source: Source
    private let observer: AnyObserver<Element>
    private let attemptsLeft: Locked<Int>
    /// The current attempt's subscription, replaced on each retry.
    let subscription = SerialDisposable()

    init(source: Source, attempts: Int, observer: AnyObserver<Element>) {
        self.source = source
        self.observer = observer
        self.attemptsLeft = Locked(max(attempts, 1))
    }

    func subscribeNext() {
        attemptsLeft.withLock { $0 -= 1 }
        let slot = SerialDisposable()
        subscription.disposable = slot
        slot.disposable = source.subscribe(self)
    }

    func on(_ event: Event<Element>) {
        guard case .error = event, attemptsLeft.current > 0, !subscription.isDisposed else { return observer.on(event) }
        subscribeNext()
    }
}

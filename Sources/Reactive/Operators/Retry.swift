import Locking

extension ObservableType {
    /// Resubscribes after an error, at most `maxAttempts` subscriptions in all; the last
    /// attempt's error is forwarded. Elements of failed attempts have already been emitted.
    ///
    /// Trampolined, as RxSwift's is: an attempt that fails while it is still being subscribed
    /// (a source that errors synchronously) is retried after its `subscribe` returns, in a loop,
    /// so any number of such failures runs in constant stack depth.
    public func retry(_ maxAttempts: Int) -> Observable<Element> {
        Observable { observer in
            let sink = RetrySink(source: self, attempts: maxAttempts, observer: observer)
            sink.run()
            return sink.subscription
        }
    }
}

private final class RetrySink<Source: ObservableType>: ObserverType {
    typealias Element = Source.Element

    private struct State {
        var attemptsLeft: Int
        var isSubscribing = false
        var retriesWhenSubscribed = false
    }

    private let source: Source
    private let observer: AnyObserver<Element>
    private let state: Locked<State>
    /// The current attempt's subscription, replaced on each retry.
    let subscription = SerialDisposable()

    init(source: Source, attempts: Int, observer: AnyObserver<Element>) {
        self.source = source
        self.observer = observer
        self.state = Locked(State(attemptsLeft: max(attempts, 1)))
    }

    /// Subscribes attempts until one does not fail during its own subscription.
    func run() {
        var again = true
        while again {
            state.withLock { state in
                state.attemptsLeft -= 1
                state.isSubscribing = true
                state.retriesWhenSubscribed = false
            }
            let slot = SerialDisposable()
            subscription.disposable = slot
            slot.disposable = source.subscribe(self)
            again = state.withLock { state in
                state.isSubscribing = false
                return state.retriesWhenSubscribed
            }
        }
    }

    func on(_ event: Event<Element>) {
        guard case .error = event, !subscription.isDisposed else { return observer.on(event) }
        let decision = state.withLock { state -> RetryDecision in
            guard state.attemptsLeft > 0 else { return .forward }
            guard !state.isSubscribing else {
                state.retriesWhenSubscribed = true
                return .retryAfterSubscribe
            }
            return .retryNow
        }
        switch decision {
        case .forward: observer.on(event)
        case .retryNow: run()
        case .retryAfterSubscribe: break
        }
    }
}

/// What an error means to a `RetrySink`.
private enum RetryDecision {
    /// No attempt left: the error ends the sequence.
    case forward
    /// The failed attempt was already subscribed: subscribe the next one now.
    case retryNow
    /// The attempt failed inside its own `subscribe`: the loop in `run` subscribes the next one.
    case retryAfterSubscribe
}

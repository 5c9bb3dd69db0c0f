extension ObservableType {
    /// Each intermediate result of folding the elements into `seed` with `accumulator`.
    public func scan<State: Sendable>(_ seed: State, accumulator: @escaping @Sendable (State, Element) throws -> State) -> Observable<State> {
        Observable { observer in
            self.subscribe(ScanSink(seed: seed, accumulator: accumulator, observer: observer))
        }
    }
}

private final class ScanSink<Element: Sendable, State: Sendable>: ObserverType {
    private let accumulator: @Sendable (State, Element) throws -> State
    private let observer: AnyObserver<State>
    private let state: Locked<State>

    init(seed: State, accumulator: @escaping @Sendable (State, Element) throws -> State, observer: AnyObserver<State>) {
        self.state = Locked(seed)
        self.accumulator = accumulator
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            // Events arrive one at a time, so reading and writing the state separately is safe;
            // the accumulator runs outside the lock.
            do {
                let next = try accumulator(state.current, element)
                state.withLock { $0 = next }
                observer.onNext(next)
            } catch {
                observer.onError(error)
            }
        case .error(let error):
            observer.onError(error)
        case .completed:
            observer.onCompleted()
        }
    }
}

import Locking

/// Holds one disposable at a time: assigning a new one disposes the previous one.
public final class SerialDisposable: Cancelable {
    private struct State {
        var current: Disposable?
        var isDisposed = false
    }

    private let state = Locked(State())

    /// An empty serial disposable.
    public init() {}

    /// The current disposable; setting it disposes the old one, or the new one if already disposed.
    public var disposable: Disposable? {
        get { state.withLock { $0.current } }
        set {
            let toDispose = state.withLock { state -> Disposable? in
                if state.isDisposed { return newValue }
                defer { state.current = newValue }
                return state.current
            }
            toDispose?.dispose()
        }
    }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    public func dispose() {
        let current = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }
}

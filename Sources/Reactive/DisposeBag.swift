import Locking

/// Collects disposables and disposes them all when the bag is deallocated.
///
/// Inserting into a bag that was already emptied by `dispose()` disposes at once, so nothing can
/// outlive the owner that meant to end it.
public final class DisposeBag: Sendable {
    private let state = Locked<(members: [Disposable], isDisposed: Bool)>(([], false))

    /// An empty bag.
    public init() {}

    /// Adds `disposable` to the bag.
    public func insert(_ disposable: Disposable) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isDisposed else { return false }
            state.members.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Disposes everything in the bag now; later inserts are disposed immediately.
    public func dispose() {
        let members = state.withLock { state -> [Disposable] in
            state.isDisposed = true
            defer { state.members = [] }
            return state.members
        }
        for member in members { member.dispose() }
    }

    deinit {
        for member in state.withLock({ $0.members }) { member.dispose() }
    }
}

extension Disposable {
    /// Adds this disposable to `bag`.
    public func disposed(by bag: DisposeBag) { bag.insert(self) }
}

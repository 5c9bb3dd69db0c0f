/// A group of disposables disposed together; one added after disposal is disposed at once.
public final class CompositeDisposable: Cancelable {
    private let state: Locked<[Disposable]?>

    /// A group holding `disposables`.
    public init(disposables: [Disposable] = []) {
        state = Locked(disposables)
    }

    /// Adds `disposable`; when the group is already disposed it is disposed immediately.
    public func insert(_ disposable: Disposable) {
        let accepted = state.withLock { members -> Bool in
            guard members != nil else { return false }
            members!.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    public var isDisposed: Bool { state.withLock { $0 == nil } }

    public func dispose() {
        let members = state.withLock { members -> [Disposable] in
            defer { members = nil }
            return members ?? []
        }
        for member in members { member.dispose() }
    }
}

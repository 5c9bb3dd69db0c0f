import Locking

/// A group of disposables disposed together; one added after disposal is disposed at once.
public final class CompositeDisposable: Cancelable {
    /// Identifies a member so that it can be removed before the group is disposed.
    public struct Key: Hashable, Sendable {
        fileprivate let rawValue: Int
    }

    private struct State {
        var members: [Int: Disposable] = [:]
        var nextKey = 0
        var isDisposed = false
    }

    private let state: Locked<State>

    /// A group holding `disposables`.
    public init(disposables: [Disposable] = []) {
        var initial = State()
        for disposable in disposables {
            initial.members[initial.nextKey] = disposable
            initial.nextKey += 1
        }
        state = Locked(initial)
    }

    /// Adds `disposable` and returns its key; when the group is already disposed the disposable
    /// is disposed immediately and the key is `nil`.
    @discardableResult
    public func insert(_ disposable: Disposable) -> Key? {
        let key = state.withLock { state -> Key? in
            guard !state.isDisposed else { return nil }
            defer { state.nextKey += 1 }
            state.members[state.nextKey] = disposable
            return Key(rawValue: state.nextKey)
        }
        if key == nil { disposable.dispose() }
        return key
    }

    /// Removes the member under `key` from the group and disposes it.
    public func remove(for key: Key) {
        let member = state.withLock { $0.members.removeValue(forKey: key.rawValue) }
        member?.dispose()
    }

    /// The number of members not yet disposed or removed.
    public var count: Int { state.withLock { $0.members.count } }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Disposes every member, in the order they were inserted.
    public func dispose() {
        let members = state.withLock { state -> [Disposable] in
            state.isDisposed = true
            defer { state.members = [:] }
            return state.members.sorted { $0.key < $1.key }.map(\.value)
        }
        for member in members { member.dispose() }
    }
}

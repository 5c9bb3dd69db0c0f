import Locking

/// A resource, usually a subscription, that can be released.
public protocol Disposable: Sendable {
    /// Releases the resource. Calling it again does nothing.
    func dispose()
}

/// Factories for common disposables.
public enum Disposables {
    /// A disposable that does nothing.
    public static func create() -> Disposable { NopDisposable.instance }

    /// A disposable that runs `action` the first time it is disposed.
    public static func create(with action: @escaping @Sendable () -> Void) -> Cancelable {
        AnonymousDisposable(action)
    }

    /// A disposable that disposes all of `disposables` together.
    public static func create(_ disposables: Disposable...) -> Cancelable {
        CompositeDisposable(disposables: disposables)
    }
}

/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
    /// `true` once `dispose()` has been called.
    var isDisposed: Bool { get }
}

/// The disposable of work that needs no disposal.
struct NopDisposable: Disposable {
    static let instance = NopDisposable()
    func dispose() {}
}

/// Runs an action exactly once, on the first `dispose()`.
final class AnonymousDisposable: Cancelable {
    private let action: Locked<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Locked(action)
    }

    var isDisposed: Bool { action.withLock { $0 == nil } }

    func dispose() {
        let pending = action.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        pending?()
    }
}

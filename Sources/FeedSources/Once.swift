import Locking

/// A callback that passes on its first call and ignores the others: a transport must answer
/// exactly once, whether its request finished, failed or was cancelled first.
final class Once<Value: Sendable>: Sendable {
    private let callback: Locked<(@Sendable (Value) -> Void)?>

    init(_ callback: @escaping @Sendable (Value) -> Void) {
        self.callback = Locked(callback)
    }

    func callAsFunction(_ value: Value) {
        let first = callback.withLock { callback -> (@Sendable (Value) -> Void)? in
            defer { callback = nil }
            return callback
        }
        first?(value)
    }

    /// Whether it was called.
    var hasFired: Bool { callback.withLock { $0 == nil } }
}

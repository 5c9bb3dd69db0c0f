import Locking
import Reactive

/// A variable the closures of a ported test share. RxSwift's tests assign plain `var`s from the
/// closures they schedule; Swift 6 lets a `@Sendable` closure mutate only what is synchronized.
final class Var<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    init(_ value: Value) { storage = Locked(value) }

    var value: Value {
        get { storage.current }
        set { storage.withLock { $0 = newValue } }
    }
}

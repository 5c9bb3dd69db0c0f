import Network
import Reactive

/// Holds what a completion reports, from whatever thread it runs on.
final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value?>

    init(_ value: Value? = nil) { storage = Locked(value) }

    var value: Value? { storage.current }

    func set(_ value: Value) { storage.withLock { $0 = value } }
}

extension Provider {
    /// Sends `target` and returns what the completion received, if it ran before this returned
    /// (immediate stubs answer synchronously, as in Moya).
    func result(of target: Target) -> Result<Response, NetworkError>? {
        let box = Box<Result<Response, NetworkError>>()
        request(target) { box.set($0) }
        return box.value
    }
}

/// What `single` reported by the time `subscribe` returned (stubbed answers are synchronous).
func outcome<Element: Sendable>(_ single: Single<Element>) -> Result<Element, any Error>? {
    let box = Box<Result<Element, any Error>>()
    _ = single.subscribe { box.set($0) }
    return box.value
}

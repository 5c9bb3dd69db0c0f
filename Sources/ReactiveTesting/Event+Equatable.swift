import Reactive

/// Events are equal when they are the same case with equal elements; errors, which are not
/// `Equatable`, are compared by their type and description (use `TestError` in tests), as
/// RxTest compares them on Linux.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): return left == right
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)): return sameError(left, right)
        default: return false
        }
    }
}

/// Single events compare as `Event`s do (RxTest's `==`; a `Result` whose failure is `any Error`
/// cannot be `Equatable` itself).
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): return left == right
    case (.failure(let left), .failure(let right)): return sameError(left, right)
    default: return false
    }
}

private func sameError(_ left: any Error, _ right: any Error) -> Bool {
    type(of: left) == type(of: right) && String(describing: left) == String(describing: right)
}

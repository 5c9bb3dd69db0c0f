/// What a sequence tells its observers: zero or more elements, then at most one terminal event.
public enum Event<Element: Sendable>: Sendable {
    /// The next element.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(any Error)
    /// The sequence ended; nothing follows.
    case completed

    /// The element of a `.next` event.
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The error of an `.error` event.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for `.error` and `.completed`.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// The same event with its element transformed; terminal events pass through.
    public func map<Result: Sendable>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let element):
            do { return .next(try transform(element)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: CustomStringConvertible {
    public var description: String {
        switch self {
        case .next(let element): return "next(\(element))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

/// A value stamped with the virtual time (in `TestScheduler` ticks) at which it happened.
///
/// `Recorded<Event<T>>` is how marble tests write and compare event streams:
/// `[.next(210, "a"), .completed(300)]`.
public struct Recorded<Value: Sendable>: Sendable {
    /// The virtual time, in ticks.
    public let time: TestTime
    /// What happened.
    public let value: Value

    /// `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

/// A point in virtual time, counted in `TestScheduler` ticks.
public typealias TestTime = Int

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomStringConvertible {
    public var description: String { "\(value) @ \(time)" }
}

extension Recorded {
    /// `.next(element)` at `time`.
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// `.completed` at `time`.
    public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// `.error(error)` at `time`.
    public static func error<Element>(_ time: TestTime, _ error: any Error, _ type: Element.Type = Element.self) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }
}

/// When a test observable was subscribed and unsubscribed, in ticks (as RxTest's `Subscription`).
public struct Subscription: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The tick of `subscribe`.
    public let subscribe: TestTime
    /// The tick of `dispose`, or `Int.max` while still subscribed.
    public let unsubscribe: TestTime

    /// A subscription from `subscribe` until `unsubscribe` (still open by default).
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime = .max) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var description: String {
        unsubscribe == .max ? "(\(subscribe) : ∞)" : "(\(subscribe) : \(unsubscribe))"
    }
}

/// A plain error for tests; two are equal when their messages are.
public struct TestError: Error, Equatable, CustomStringConvertible {
    /// What the error says.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String = "test error") {
        self.message = message
    }

    public var description: String { "TestError(\(message))" }
}

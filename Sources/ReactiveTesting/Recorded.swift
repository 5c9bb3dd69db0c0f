import Reactive

/// A point in virtual time, counted in `TestScheduler` ticks.
public typealias TestTime = Int

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

    /// The recorded events as a list (RxTest's `Recorded.events(...)`), where a literal alone
    /// would not tell the element type.
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>] where Value == Event<Element> {
        recordedEvents
    }
}

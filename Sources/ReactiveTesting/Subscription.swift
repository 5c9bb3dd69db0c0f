/// When a test observable was subscribed and unsubscribed, in ticks (RxTest's `Subscription`).
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

/// The callback a `Single.create` closure gets, as a value to keep: stored in a property of a
/// concrete type, a bare closure of the element's type is wrapped in a thunk of its own (an
/// object per subscription, as the closure comes in the generic form), while this struct
/// keeps the closure as it came.
public struct SingleObserver<Element: Sendable>: Sendable {
    private let deliver: @Sendable (SingleEvent<Element>) -> Void

    /// Wraps the callback `deliver`.
    public init(_ deliver: @escaping @Sendable (SingleEvent<Element>) -> Void) {
        self.deliver = deliver
    }

    /// Reports `event` to the subscription.
    public func callAsFunction(_ event: SingleEvent<Element>) {
        deliver(event)
    }
}

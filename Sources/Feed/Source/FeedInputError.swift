/// An invalid `transform` input, naming the offending field (e.g. `input.pageSize`).
public struct FeedInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted path of the bad field, from `input`.
    public var field: String
    /// What is wrong with it.
    public var reason: String

    /// An error about `field`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field): \(reason)" }
}

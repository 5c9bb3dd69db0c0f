/// An invalid `transform` input, naming the offending field (e.g. `input.pageSize`).
public struct FeedInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted path of the bad field, from `input`.
    public var field: String
    /// What is wrong with it.
    public var reason: String
    /// The scheme of a URL refused for its scheme (not http or https), when that is the mistake.
    public var refusedScheme: String?

    /// An error about `field`.
    public init(field: String, reason: String, refusedScheme: String? = nil) {
        self.field = field
        self.reason = reason
        self.refusedScheme = refusedScheme
    }

    public var description: String { "\(field): \(reason)" }
}

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

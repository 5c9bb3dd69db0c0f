/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "unexpected character 'x'".
    public let reason: String
    /// Byte offset into the input where the problem was found.
    public let offset: Int

    /// An error for `reason` found at byte `offset`.
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// `"<reason> at byte <offset>"`.
    public var description: String { "\(reason) at byte \(offset)" }
}

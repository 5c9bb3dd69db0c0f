/// How a local edit (`updateItem`, `removeItem`) ended.
public struct EditOutcome: Sendable, Equatable {
    /// The sections revision after the edit.
    public var revision: Int
    /// Whether the item was in the list (the edit is kept either way, for later pages).
    public var found: Bool

    /// An outcome.
    public init(revision: Int, found: Bool) {
        self.revision = revision
        self.found = found
    }
}

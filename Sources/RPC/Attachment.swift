import Foundation

/// Binary data sent as a base64 string member of a result or notification, encoded only as the
/// message is written, from bytes that every message carrying them shares (an inline image).
///
/// ```swift
/// context.succeed(image.json(inline: false), attaching: [Attachment(path: ["data"], bytes: image.data)])
/// ```
public struct Attachment: Sendable {
    /// Where the member goes: the keys of the objects leading to it, then its own key (the
    /// objects must exist; the member is added last).
    public let path: [String]
    /// The bytes the member's base64 string encodes.
    public let bytes: Data

    /// An attachment of `bytes` at `path`.
    public init(path: [String], bytes: Data) {
        self.path = path
        self.bytes = bytes
    }
}

import JSON
import RPC

/// A result of the feed protocol, with its one encoding (protocol/README.md, sections 5 and 6).
///
/// Every wire type's encoder lives in this folder, so the layers below (`Feed`) know nothing of
/// the protocol's JSON.
protocol WireEncodable: Sendable {
    /// The JSON the result is answered with.
    var wireJSON: JSON { get }
    /// Binary members of `wireJSON` (inline image bytes), base64-encoded only as the answer is
    /// written; none by default.
    var wireAttachments: [Attachment] { get }
    /// Writes `wireJSON`'s text (without its attachments) into `writer`; by default by building
    /// `wireJSON`, which a type answered often overrides to write its members directly.
    func encode(into writer: inout WireWriter)
}

extension WireEncodable {
    var wireAttachments: [Attachment] { [] }

    func encode(into writer: inout WireWriter) {
        writer.value(wireJSON)
    }
}

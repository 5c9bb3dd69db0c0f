import JSON
import RPC

/// A result of the feed protocol, with its one encoding (protocol/README.md, sections 5 and 6).
///
/// Every wire type's encoder lives in this folder, so the layers below (`Feed`) know nothing of
/// the protocol's JSON. A result is answered through its `wireJSON`, built before the answer's
/// output is held (`WireAnswer`), unless it writes its members straight into the answer
/// (`WireWritable`).
protocol WireEncodable: Sendable {
    /// The JSON the result is answered with.
    var wireJSON: JSON { get }
    /// Binary members of `wireJSON` (inline image bytes), base64-encoded only as the answer is
    /// written; none by default.
    var wireAttachments: [Attachment] { get }
    /// Whether `encode(into:)` writes the members without building `wireJSON`; `false` by
    /// default, `true` for every `WireWritable`.
    static var writesMembers: Bool { get }
    /// Writes `wireJSON`'s text into `writer`: by default by building `wireJSON`; a
    /// `WireWritable` writes its members directly.
    func encode(into writer: inout WireWriter)
}

extension WireEncodable {
    var wireAttachments: [Attachment] { [] }

    static var writesMembers: Bool { false }

    func encode(into writer: inout WireWriter) {
        writer.value(wireJSON)
    }
}

/// A result answered often, which writes its members straight into the answer's text
/// (`encode(into:)`) instead of building `wireJSON`; the two read the same byte for byte.
protocol WireWritable: WireEncodable {
    /// Writes the text of `wireJSON` member by member.
    func encode(into writer: inout WireWriter)
}

extension WireWritable {
    static var writesMembers: Bool { true }
}

import JSON
import Logging

/// A result made ready to be written into its answer, which happens while the answer's output
/// is held: a `WireWritable` is kept as it is, to write its members then; any other result's
/// `wireJSON` is built, and its secrets replaced, here, so no tree is built under that hold.
///
/// ```swift
/// let answer = WireAnswer(response, secrets: redactor.snapshotIfAny())
/// context.succeed { answer.write(into: &$0) }
/// ```
struct WireAnswer<Value: WireEncodable> {
    private let value: Value
    /// The redacted `wireJSON` of a result that does not write its members; `nil` for one that does.
    private let tree: JSON?
    private let secrets: SecretRedactor.Snapshot?

    /// Readies `value`, whose string values will have `secrets` replaced.
    init(_ value: Value, secrets: SecretRedactor.Snapshot?) {
        self.value = value
        self.secrets = secrets
        if Value.writesMembers {
            tree = nil
        } else if let secrets {
            tree = SecretRedactor.redact(value.wireJSON, with: secrets)
        } else {
            tree = value.wireJSON
        }
    }

    /// Appends the result's text (one JSON value) to an answer's.
    func write(into text: inout JSONTextBuffer) {
        if let tree {
            text.append(json: tree)
        } else {
            WireWriter.write(value, secrets: secrets, into: &text)
        }
    }
}

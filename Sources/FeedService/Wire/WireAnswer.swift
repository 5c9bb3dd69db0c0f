import JSON
import Logging
import RPC

/// How a result is written into its answer, which happens while the server's output is held: a
/// `WireWritable` writes its members then; any other result's `wireJSON` is built, and its
/// secrets replaced, before, so that no tree is built under that hold.
///
/// ```swift
/// WireAnswer.answer(context, with: response, secrets: redactor.snapshotIfAny())
/// ```
enum WireAnswer {
    /// Answers `context` with `result`, whose string values have `secrets` replaced.
    static func answer<Result: WireEncodable>(_ context: RequestContext, with result: Result, secrets: SecretRedactor.Snapshot?) {
        if Result.writesMembers {
            context.succeed { WireWriter.write(result, secrets: secrets, into: &$0) }
        } else {
            context.succeed(tree(of: result, secrets: secrets))
        }
    }

    /// The `wireJSON` of `result` with `secrets` replaced: what `answer` hands over, built, for a
    /// result that does not write its members.
    static func tree(of result: some WireEncodable, secrets: SecretRedactor.Snapshot?) -> JSON {
        guard let secrets else { return result.wireJSON }
        return SecretRedactor.redact(result.wireJSON, with: secrets)
    }
}

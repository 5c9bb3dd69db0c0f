import Feed
import JSON
import Logging
import RPC

/// What `--trace` hides: the secrets every session input brings, learned from the message
/// itself before it is traced (so a `transform` line never reaches the file with its key, even
/// one refused before its session exists), and everything the service's redactor knows when a
/// line is written (renewed tokens among them).
///
/// Learned secrets are kept for the life of the trace: a trace is a bug report, and a secret
/// that once passed through it must not appear later in it either.
final class TraceSecrets: TraceRedactor {
    private let learned = SecretRedactor()
    private let live: SecretRedactor

    /// A redactor for the trace that also applies `live`, the service's redactor.
    init(live: SecretRedactor) {
        self.live = live
    }

    func learnSecrets(from message: JSON) {
        for element in message.arrayValue ?? [message] {
            guard let input = element["params"]?["input"]?.objectValue else { continue }
            FeedInput.secrets(inMembers: input).forEach(learned.insert)
        }
    }

    func redact(_ text: String) -> String {
        learned.redact(live.redact(text))
    }
}

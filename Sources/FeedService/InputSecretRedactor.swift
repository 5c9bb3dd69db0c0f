import Feed
import Foundation
import JSON
import Network
import RPC

/// The trace's redaction for now: the values of the `accessKey` and `headers` members of every
/// session input that arrives (`transform`, `updateInput`, also in batches) are replaced
/// wherever they appear, raw or JSON-escaped, by `REDACTED`.
///
/// The service's value-based redactor (every secret a session was given, refreshed tokens
/// included) takes its place as `RPCServer.traceRedactor` when it lands.
final class InputSecretRedactor: TraceRedactor, @unchecked Sendable {
    // Safety: `secrets` is only touched while holding `lock`.
    private let lock = NSLock()
    private var secrets: Set<String> = []

    func learnSecrets(from message: JSON) {
        for element in message.arrayValue ?? [message] {
            guard let input = element["params"]?["input"] else { continue }
            var found: [String] = []
            if let key = input["accessKey"]?.stringValue { found.append(key) }
            for (_, value) in input["headers"]?.objectValue ?? JSONObject() {
                if let text = value.stringValue { found.append(text) }
            }
            let learned = found.filter { !$0.isEmpty }
            if !learned.isEmpty { lock.withLock { secrets.formUnion(learned) } }
        }
    }

    func redact(_ text: String) -> String {
        let known = lock.withLock { secrets }
        var result = text
        // Longest first, so a secret containing another is replaced whole.
        for secret in known.sorted(by: { $0.count > $1.count }) {
            let escaped = String(JSON.string(secret).jsonString.dropFirst().dropLast())
            for form in Set([secret, escaped]) where result.contains(form) {
                result = result.replacingOccurrences(of: form, with: Redactor.placeholder)
            }
        }
        return result
    }
}

extension FeedService {
    /// Where images are cached when `FeedServiceConfiguration.cacheDirectory` is `nil`.
    public static var defaultCacheDirectory: String { DiskImageCache.defaultDirectory.path }
}

import JSON
import Logging
import RPC

extension SecretRedactor {
    /// `json` with the secrets replaced in every string at any depth; member names are kept, and
    /// so are the values of members named in `keptMembers` (an image's base64 `data`, which is
    /// not text and is large).
    func redact(json: JSON, keepingMembers keptMembers: Set<String> = []) -> JSON {
        guard !isEmpty else { return json }
        return redacting(json, keptMembers)
    }

    /// `error` with the secrets replaced in its message and data.
    func redact(error: RPCError) -> RPCError {
        guard !isEmpty else { return error }
        return RPCError(code: error.code, message: redact(error.message), data: error.data.map { redacting($0, []) })
    }

    private func redacting(_ json: JSON, _ keptMembers: Set<String>) -> JSON {
        switch json {
        case .string(let text):
            return .string(redact(text))
        case .array(let elements):
            return .array(elements.map { redacting($0, keptMembers) })
        case .object(let members):
            var redacted = JSONObject()
            for (key, value) in members {
                redacted.appendUnchecked(key: key, value: keptMembers.contains(key) ? value : redacting(value, keptMembers))
            }
            return .object(redacted)
        default:
            return json
        }
    }
}

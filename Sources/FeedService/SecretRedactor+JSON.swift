import JSON
import Logging
import RPC

extension SecretRedactor {
    /// `json` with the secrets replaced in every string at any depth; member names are kept, and
    /// so are the values of members named in `keptMembers` (an image's base64 `data`, which is
    /// not text and is large).
    func redact(json: JSON, keepingMembers keptMembers: [String] = []) -> JSON {
        let secrets = snapshot()
        return secrets.isEmpty ? json : secrets.redact(json, keptMembers)
    }

    /// `error` with the secrets replaced in its message and data.
    func redact(error: RPCError) -> RPCError {
        let secrets = snapshot()
        guard !secrets.isEmpty else { return error }
        return RPCError(code: error.code, message: secrets.redact(error.message), data: error.data.map { secrets.redact($0, []) })
    }
}

extension SecretRedactor.Snapshot {
    fileprivate func redact(_ json: JSON, _ keptMembers: [String]) -> JSON {
        changed(json, keptMembers) ?? json
    }

    /// The redacted value, or `nil` when nothing in it changes: a message without secrets (nearly
    /// all of them) is walked, never rebuilt.
    private func changed(_ json: JSON, _ keptMembers: [String]) -> JSON? {
        switch json {
        case .string(let text):
            return replacingSecrets(in: text).map(JSON.string)
        case .array(let elements):
            guard let first = elements.indices.first(where: { changed(elements[$0], keptMembers) != nil }) else { return nil }
            return .array(Array(elements[..<first]) + elements[first...].map { redact($0, keptMembers) })
        case .object(let members):
            guard members.contains(where: { !keptMembers.contains($0.key) && changed($0.value, keptMembers) != nil }) else { return nil }
            var redacted = JSONObject()
            for (key, value) in members {
                redacted.appendUnchecked(key: key, value: keptMembers.contains(key) ? value : redact(value, keptMembers))
            }
            return .object(redacted)
        default:
            return nil
        }
    }
}

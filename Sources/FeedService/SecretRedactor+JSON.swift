import JSON
import Logging
import RPC

extension SecretRedactor {
    /// `json` with the secrets replaced in every string at any depth; member names are kept.
    /// (Inline image bytes travel as attachments, outside the JSON, and are never scanned.)
    func redact(json: JSON) -> JSON {
        guard let secrets = snapshotIfAny() else { return json }
        return secrets.redact(json)
    }

    /// `json` with `secrets` replaced in every string at any depth; member names are kept.
    static func redact(_ json: JSON, with secrets: Snapshot) -> JSON {
        secrets.redact(json)
    }

    /// `error` with the secrets replaced in its message and data.
    func redact(error: RPCError) -> RPCError {
        guard let secrets = snapshotIfAny() else { return error }
        return RPCError(code: error.code, message: secrets.redact(error.message), data: error.data.map { secrets.redact($0) })
    }
}

extension SecretRedactor.Snapshot {
    fileprivate func redact(_ json: JSON) -> JSON {
        changed(json) ?? json
    }

    /// The redacted value, or `nil` when nothing in it changes: a message without secrets (nearly
    /// all of them) is walked, never rebuilt.
    private func changed(_ json: JSON) -> JSON? {
        switch json {
        case .string(let text):
            return replacingSecrets(in: text).map(JSON.string)
        case .array(let elements):
            guard let first = elements.indices.first(where: { changed(elements[$0]) != nil }) else { return nil }
            return .array(Array(elements[..<first]) + elements[first...].map { redact($0) })
        case .object(let members):
            guard members.contains(where: { changed($0.value) != nil }) else { return nil }
            var redacted = JSONObject()
            for (key, value) in members { redacted.appendUnchecked(key: key, value: redact(value)) }
            return .object(redacted)
        default:
            return nil
        }
    }
}

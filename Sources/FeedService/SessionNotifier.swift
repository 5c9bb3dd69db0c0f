import Feed
import JSON
import Logging
import RPC

/// Turns one session's view-model output into the wire notifications of protocol/README.md,
/// section 7. Every method runs on the session's scheduler, so notifications leave in the
/// order the view model emitted them. Every string they carry has the registered secrets
/// replaced, except the token that `tokenRefreshed` exists to hand over.
struct SessionNotifier: Sendable {
    /// The session id every notification carries first.
    let session: String
    /// Replaces secrets in what is sent.
    let redactor: SecretRedactor
    /// Sends one notification through the server's ordered writer; attachments are binary
    /// members written as base64 only when the notification is written.
    let send: @Sendable (_ method: String, _ params: JSON, _ attachments: [Attachment]) -> Void

    /// `sections`: a full snapshot, or for an incremental client the changes of an append.
    func sections(_ update: SectionsUpdate, incremental: Bool) {
        var params = header()
        for (key, value) in update.json(incremental: incremental).objectValue ?? JSONObject() {
            params.appendUnchecked(key: key, value: value)
        }
        deliver("sections", params)
    }

    /// `refreshStatus`, flat.
    func refreshStatus(_ status: RefreshStatus) {
        var params = header()
        for (key, value) in status.json.objectValue ?? JSONObject() { params.appendUnchecked(key: key, value: value) }
        send("refreshStatus", .object(params), [])  // names and flags only: nothing to redact
    }

    /// `imageDownloaded` with the variant, the image or `null` and the error.
    func imageDownloaded(_ download: ImageDownload, inline: Bool) {
        var params = header()
        params.appendUnchecked(key: "index", value: .int(Int64(download.index)))
        params.appendUnchecked(key: "variant", value: .string(download.variant.rawValue))
        var attachments: [Attachment] = []
        switch download.result {
        case .success(let image):
            params.appendUnchecked(key: "image", value: image.json(inline: false))
            if inline { attachments = [image.inlineData(at: ["image"])] }
        case .failure(let error):
            params.appendUnchecked(key: "image", value: .null)
            params.appendUnchecked(key: "error", value: error.notificationJSON(index: download.index))
        }
        deliver("imageDownloaded", params, attachments)
    }

    /// `hud`.
    func hud(_ message: HUDMessage) {
        var params = header()
        params.appendUnchecked(key: "style", value: .string(message.style.rawValue))
        params.appendUnchecked(key: "message", value: .string(message.message))
        deliver("hud", params)
    }

    /// `tokenRefreshed`: the envelope token the session just renewed, for the front end to keep
    /// (seed 004's `UserDefaults`). The one message that carries a secret, on purpose.
    func tokenRefreshed(_ token: String) {
        var params = header()
        params.appendUnchecked(key: "token", value: .string(token))
        send("tokenRefreshed", .object(params), [])
    }

    /// Sends `params` with the secrets replaced (attachments are image bytes, not text).
    private func deliver(_ method: String, _ params: JSONObject, _ attachments: [Attachment] = []) {
        send(method, redactor.redact(json: .object(params)), attachments)
    }

    private func header() -> JSONObject {
        var params = JSONObject()
        params.appendUnchecked(key: "session", value: .string(session))
        return params
    }
}

extension FeedImage {
    /// The image's bytes as the base64 `data` member of the object at `path`, encoded only as
    /// the message is written: every message carrying one image shares its bytes.
    func inlineData(at path: [String] = []) -> Attachment {
        Attachment(path: path + ["data"], bytes: data)
    }
}

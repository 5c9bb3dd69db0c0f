import Feed
import JSON
import Logging

/// Turns one session's view-model output into the wire notifications of protocol/README.md,
/// section 7. Every method runs on the session's scheduler, so notifications leave in the
/// order the view model emitted them. Every string they carry has the registered secrets
/// replaced, except the token that `tokenRefreshed` exists to hand over.
struct SessionNotifier: Sendable {
    /// The session id every notification carries first.
    let session: String
    /// Replaces secrets in what is sent.
    let redactor: SecretRedactor
    /// Sends one notification through the server's ordered writer.
    let send: @Sendable (_ method: String, _ params: JSON) -> Void

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
        send("refreshStatus", .object(params))  // names and flags only: nothing to redact
    }

    /// `imageDownloaded` with the image or `null` and the error.
    func imageDownloaded(_ download: ImageDownload, inline: Bool) {
        var params = header()
        params.appendUnchecked(key: "index", value: .int(Int64(download.index)))
        switch download.result {
        case .success(let image):
            params.appendUnchecked(key: "image", value: image.json(inline: inline))
        case .failure(let error):
            params.appendUnchecked(key: "image", value: .null)
            params.appendUnchecked(key: "error", value: error.notificationJSON(index: download.index))
        }
        deliver("imageDownloaded", params)
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
        send("tokenRefreshed", .object(params))
    }

    /// Sends `params` with the secrets replaced (an inline image's base64 `data` is not text).
    private func deliver(_ method: String, _ params: JSONObject) {
        send(method, redactor.redact(json: .object(params), keepingMembers: ["data"]))
    }

    private func header() -> JSONObject {
        var params = JSONObject()
        params.appendUnchecked(key: "session", value: .string(session))
        return params
    }
}

import Feed
import JSON
import Logging
import RPC

/// Sends one session's view-model output as the notifications of protocol/README.md, section 7,
/// each with `session` first and its members as the wire encoders write them. Every method runs
/// on the session's scheduler, so notifications leave in the order the view model emitted them.
/// Every string they carry has the registered secrets replaced, except the token that
/// `tokenRefreshed` exists to hand over.
struct SessionNotifier: Sendable {
    /// The session id every notification carries first.
    let session: String
    /// Replaces secrets in what is sent.
    let redactor: SecretRedactor
    /// Sends one notification through the server's ordered writer; attachments are binary
    /// members written as base64 only when the notification is written.
    let send: @Sendable (_ method: String, _ params: JSON, _ attachments: [Attachment]) -> Void
    /// Logs the HUD warnings (the secrets replaced by its redactor); `nil` logs nothing.
    var logger: Logger? = nil

    /// `sections`: a full snapshot, or for an incremental client the changes of an append, an
    /// edit or a reload that keeps the place.
    func sections(_ update: SectionsUpdate, incremental: Bool) {
        notify("sections") { update.appendWireMembers(incremental: incremental, to: &$0) }
    }

    /// `refreshStatus`, flat, with the load states (whose errors may name a URL: redacted).
    func refreshStatus(_ update: RefreshUpdate) {
        notify("refreshStatus", redacting: !update.loads.isPlain) { update.appendWireMembers(to: &$0) }
    }

    /// `imageDownloaded` with the variant, then the image (its bytes attached when `inline`) or
    /// `null` and the error.
    func imageDownloaded(_ download: ImageDownload, inline: Bool) {
        let attachments = inline ? download.image.map { [$0.inlineData(at: ["image"])] } ?? [] : []
        notify("imageDownloaded", attaching: attachments) { download.appendWireMembers(to: &$0) }
    }

    /// `newItems`: a background reload's new items at the top, waiting for `showNew`.
    func newItems(_ announcement: NewItems) {
        notify("newItems") { params in
            params.appendUnchecked(key: "count", value: .int(Int64(announcement.count)))
            params.appendUnchecked(key: "ids", value: .array(announcement.ids.map(JSON.string)))
        }
    }

    /// `hud`; a warning is logged at warning level too.
    func hud(_ message: HUDMessage) {
        if message.isWarning { logger?.log(.warning, "session \(session): \(message.message)") }
        notify("hud") { message.appendWireMembers(to: &$0) }
    }

    /// `tokenRefreshed`: the envelope token the session just renewed, for the front end to keep
    /// (seed 004's `UserDefaults`). The one message that carries a secret, on purpose.
    func tokenRefreshed(_ token: String) {
        notify("tokenRefreshed", redacting: false) { $0.appendUnchecked(key: "token", value: .string(token)) }
    }

    /// Sends `method` with `session` and the members `write` appends, the secrets replaced unless
    /// there can be none (attachments are image bytes, not text).
    private func notify(
        _ method: String, redacting: Bool = true, attaching attachments: [Attachment] = [], _ write: (inout JSONObject) -> Void
    ) {
        var params = JSONObject()
        params.appendUnchecked(key: "session", value: .string(session))
        write(&params)
        send(method, redacting ? redactor.redact(json: .object(params)) : .object(params), attachments)
    }
}

import JSON
import RPC

/// The client a request came from, as the requests see it: what it said it can handle and a
/// way to send it notifications; never the server itself.
struct Client: Sendable {
    /// The capabilities of the client's latest `initialize` (all `false` before one).
    let capabilities: @Sendable () -> ClientCapabilities
    /// Sends a notification through the server's ordered writer; attachments are binary
    /// members written as base64 only when the notification is written.
    let notify: @Sendable (_ method: String, _ params: JSON, _ attachments: [Attachment]) -> Void

    /// The client of `server`'s connection (held weakly: a request outliving its server sends nothing).
    init(of server: RPCServer) {
        capabilities = { [weak server] in ClientCapabilities(initializeParams: server?.clientInitializeParameters) }
        notify = { [weak server] method, params, attachments in server?.sendNotification(method, params: params, attaching: attachments) }
    }
}

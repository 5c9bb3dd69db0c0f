import Foundation
import JSON

/// What a handler knows about the message it is serving, and how it answers.
///
/// A handler completes a request exactly once, from any thread, with `complete(_:)`; later
/// completions are ignored (e.g. after the request was cancelled and answered -32800).
/// Notifications sent through `sendNotification` before `complete` are written before the
/// response.
public final class RequestContext: @unchecked Sendable {
    // Safety: `isCompleted` is only touched while holding `lock`; everything else is immutable.
    /// The request's id; `nil` when the message is a notification, which is never answered.
    public let id: RequestID?
    /// The method name.
    public let method: String
    /// Fires when the request is cancelled.
    public let cancellation = CancellationToken()

    private let lock = NSLock()
    private var isCompleted = false
    private let respond: @Sendable (RequestContext, Result<JSON, RPCError>, [Attachment]) -> Void
    private let notify: @Sendable (String, JSON?, [Attachment]) -> Void

    init(id: RequestID?, method: String,
         respond: @escaping @Sendable (RequestContext, Result<JSON, RPCError>, [Attachment]) -> Void,
         notify: @escaping @Sendable (String, JSON?, [Attachment]) -> Void)
    {
        self.id = id
        self.method = method
        self.respond = respond
        self.notify = notify
    }

    /// `true` for a notification: nothing will be sent back whatever the handler does.
    public var isNotification: Bool { id == nil }

    /// `true` once the request was cancelled.
    public var isCancelled: Bool { cancellation.isCancelled }

    /// Answers the request (or ends the notification) with `result`; only the first call counts.
    public func complete(_ result: Result<JSON, RPCError>) {
        complete(result, attaching: [])
    }

    private func complete(_ result: Result<JSON, RPCError>, attaching attachments: [Attachment]) {
        let isFirst = lock.withLock { () -> Bool in
            guard !isCompleted else { return false }
            isCompleted = true
            return true
        }
        guard isFirst else { return }
        respond(self, result, attachments)
        cancellation.release()
    }

    /// Answers with a result.
    public func succeed(_ result: JSON) { complete(.success(result)) }

    /// Answers with a result that carries binary members, each base64-encoded only as the
    /// answer is written (see `Attachment`).
    public func succeed(_ result: JSON, attaching attachments: [Attachment]) {
        complete(.success(result), attaching: attachments)
    }

    /// Answers with an error.
    public func fail(_ error: RPCError) { complete(.failure(error)) }

    /// Sends a notification through the server's ordered writer.
    public func sendNotification(_ method: String, params: JSON?) { notify(method, params, []) }

    /// Sends a notification whose params carry binary members (see `Attachment`).
    public func sendNotification(_ method: String, params: JSON?, attaching attachments: [Attachment]) {
        notify(method, params, attachments)
    }
}

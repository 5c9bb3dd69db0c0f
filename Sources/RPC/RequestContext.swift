import JSON
import Synchronization

/// What a handler knows about the message it is serving, and how it answers.
///
/// A handler completes a request exactly once, from any thread, with `complete(_:)`; later
/// completions are ignored (e.g. after the request was cancelled and answered -32800).
/// Notifications sent through `sendNotification` before `complete` are written before the
/// response.
public final class RequestContext: Sendable {
    /// Where the answer goes: its own message, or into the array of its batch.
    enum Sink: Sendable {
        case message
        case batch(BatchCollector)
    }

    /// The request's id; `nil` when the message is a notification, which is never answered.
    public let id: RequestID?
    /// The method name.
    public let method: String
    /// Fires when the request is cancelled.
    public let cancellation = CancellationToken()

    private let isCompleted = Atomic<Bool>(false)
    private let dispatcher: Dispatcher
    private let sink: Sink

    init(id: RequestID?, method: String, dispatcher: Dispatcher, sink: Sink) {
        self.id = id
        self.method = method
        self.dispatcher = dispatcher
        self.sink = sink
    }

    /// `true` once the request was cancelled.
    public var isCancelled: Bool { cancellation.isCancelled }

    /// Answers the request (or ends the notification) with `result`; only the first call counts.
    public func complete(_ result: Result<JSON, RPCError>) {
        complete(result, attaching: [])
    }

    private func complete(_ result: Result<JSON, RPCError>, attaching attachments: [Attachment]) {
        guard isCompleted.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        dispatcher.didComplete(self, result, attachments, sink: sink)
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
    public func sendNotification(_ method: String, params: JSON?) {
        dispatcher.sendNotification(method, params: params, attaching: [])
    }

    /// Sends a notification whose params carry binary members (see `Attachment`).
    public func sendNotification(_ method: String, params: JSON?, attaching attachments: [Attachment]) {
        dispatcher.sendNotification(method, params: params, attaching: attachments)
    }
}

import JSON
import Logging
import Synchronization

/// What a handler knows about the message it is serving, and how it answers.
///
/// A handler completes a request exactly once, from any thread, with `complete(_:)` or one of
/// the `succeed`/`fail` forms; later completions are ignored (e.g. after the request was
/// cancelled and answered -32800). Notifications sent through `sendNotification` before the
/// answer are written before it.
///
/// One object is the whole request: its answer's destination, its cancellation token
/// (`cancellation` is the context itself) and its entry in the dispatcher's in-flight list.
/// Its members fit in 120 bytes, a size the C allocator recycles cheaply (a fast bin) when a
/// context made on the reader's thread is freed on a session's.
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
    /// `RequestState` bits.
    let state = Atomic<Int>(0)
    /// The sink, holding the dispatcher (a batch's collector holds it): one word instead of two.
    private let destination: Destination
    /// Every cancel callback registered and not yet run or dropped, as one closure.
    /// Safety: used only by the thread that set `RequestState.busy` (see `CancellationToken`),
    /// which is what keeps accesses exclusive.
    nonisolated(unsafe) var cancelCallback: (@Sendable () -> Void)?
    /// The request's neighbours in the dispatcher's list of requests in flight, changed only
    /// under that list's lock (`Dispatcher.InFlightList`). Atomics, not variables: a class's
    /// `let` needs no run-time exclusivity check, and a relaxed load or store is a plain move.
    let inFlightNext = Atomic<Unmanaged<RequestContext>?>(nil)
    let inFlightPrevious = Atomic<Unmanaged<RequestContext>?>(nil)

    /// Where the answer goes, and the dispatcher that sends it.
    private enum Destination: Sendable {
        case message(Dispatcher)
        case batch(BatchCollector)
    }

    init(id: RequestID?, method: String, dispatcher: Dispatcher, sink: Sink) {
        self.id = id
        self.method = method
        switch sink {
        case .message:
            destination = .message(dispatcher)
        case .batch(let collector):
            collector.attach(to: dispatcher)
            destination = .batch(collector)
        }
    }

    /// The dispatcher that serves the request.
    var dispatcher: Dispatcher {
        switch destination {
        case .message(let dispatcher): return dispatcher
        case .batch(let collector): return collector.dispatcher
        }
    }

    /// Hands the answer that `encode` appends to the dispatcher (see `Dispatcher.answer`).
    @inline(__always)
    private func send(_ encode: (inout [UInt8]) -> Void) {
        send(encode, to: destination)
    }

    /// `send(_:)` with the destination borrowed: its dispatcher is used without a retain.
    @inline(__always)
    private func send(_ encode: (inout [UInt8]) -> Void, to destination: borrowing Destination) {
        switch destination {
        case .message(let dispatcher): dispatcher.answer(self, batch: nil, writing: encode)
        case .batch(let collector): collector.dispatcher.answer(self, batch: collector, writing: encode)
        }
    }

    /// `send(_:)` for an answer with inline binary pieces.
    private func send(withBinary encode: (inout OutputBuffer) -> Void) {
        switch destination {
        case .message(let dispatcher): dispatcher.answer(self, batch: nil, withBinary: encode)
        case .batch(let collector): collector.dispatcher.answer(self, batch: collector, withBinary: encode)
        }
    }

    /// `true` for a request, `false` for a notification; tells without copying the id.
    var isRequest: Bool {
        if case .none = id { return false }
        return true
    }

    /// Fires when the request is cancelled: the context itself.
    public var cancellation: RequestContext { self }

    /// Answers the request (or ends the notification) with `result`; only the first call counts.
    public func complete(_ result: Result<JSON, RPCError>) {
        switch result {
        case .success(let value): succeed(value)
        case .failure(let error): fail(error)
        }
    }

    /// Answers with a result.
    public func succeed(_ result: JSON) {
        succeed { $0.append(json: result) }
    }

    /// Answers with a result written straight into the answer's text: `writeResult` appends
    /// exactly one JSON value. It runs while the output is held, so it only appends: it takes
    /// no lock and calls nothing that could. Not called when the request was answered already.
    public func succeed(writingResult writeResult: (inout JSONTextBuffer) -> Void) {
        guard markAnswered(), isRequest else { return }
        send { MessageEncoder.appendResult(idOf: self, writing: writeResult, to: &$0) }
    }

    /// Answers with a result that carries binary members, each base64-encoded only as the
    /// answer is written (see `Attachment`).
    public func succeed(_ result: JSON, attaching attachments: [Attachment]) {
        guard !attachments.isEmpty else { return succeed(result) }
        guard markAnswered() else { return }
        guard let id else { return }
        send(withBinary: { MessageEncoder.appendResponse(id: id, result: .success(result), attachments: attachments, to: &$0) })
    }

    /// Answers with an error.
    public func fail(_ error: RPCError) {
        guard markAnswered() else { return }
        guard let id else {
            return dispatcher.logger.log(.debug, "notification '\(method)' failed: \(error.message)")
        }
        send { MessageEncoder.appendError(id: id, error: error, to: &$0) }
    }

    /// Sends a notification through the server's ordered writer.
    public func sendNotification(_ method: String, params: JSON?) {
        dispatcher.sendNotification(method, params: params, attaching: [])
    }

    /// Sends a notification whose params carry binary members (see `Attachment`).
    public func sendNotification(_ method: String, params: JSON?, attaching attachments: [Attachment]) {
        dispatcher.sendNotification(method, params: params, attaching: attachments)
    }
}

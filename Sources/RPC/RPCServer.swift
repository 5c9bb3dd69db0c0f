import JSON
import Logging

/// A JSON-RPC 2.0 server over a pair of byte streams, one message per line or framed with
/// `Content-Length` headers (the LSP base protocol), detected from the first bytes.
///
/// Structure (as in sourcekit-lsp): a `Connection` owns the streams (a reader thread that frames
/// the input, a writer thread that writes whole messages in the order they were queued); a
/// `Dispatcher` owns what messages mean (the registrations, the requests in flight, the
/// lifecycle). On the reader thread a `MessageRouter` parses each message once and routes it.
///
/// Handlers are called on the reader thread, one at a time, in the order their messages arrive,
/// so a layer above can keep per-session order simply by enqueueing onto its own serial queue.
/// They must not block: a slow request completes later, from wherever its work finishes.
///
/// ```swift
/// let server = RPCServer(configuration: .init(), input: 0, output: protectedStdout)
/// server.register("sleep") { params, context in
///     DispatchQueue.global().asyncAfter(deadline: .now() + 1) { context.succeed(nil) }
/// }
/// exit(server.run())
/// ```
public final class RPCServer: Sendable {
    /// A handler called on the reader thread; it answers through `context`, now or later.
    public typealias Handler = @Sendable (_ params: JSON?, _ context: RequestContext) -> Void
    /// A handler that answers at once on the reader thread; for cheap methods such as `ping`.
    public typealias SynchronousHandler = @Sendable (_ params: JSON?) throws(RPCError) -> JSON

    /// The configuration the server was made with.
    public let configuration: Configuration
    let connection: Connection
    let dispatcher: Dispatcher

    /// A server reading `input` and writing `output` (file descriptors it does not close).
    public init(configuration: Configuration = Configuration(), input: Int32 = 0, output: Int32 = 1) {
        self.configuration = configuration
        connection = Connection(input: input, output: output, configuration: configuration)
        let dispatcher = Dispatcher(configuration: configuration, writer: connection.writer)
        self.dispatcher = dispatcher
        // The server is held weakly rather than the dispatcher, whose retains (one per request)
        // would all take the runtime's slow path once it was weakly referenced.
        connection.writer.whenBroken { [weak self] in self?.dispatcher.finish(grace: 0, reason: "stdout closed") }
        dispatcher.registerBuiltinMethods()
    }

    /// The server's logger; handlers may share it.
    public var logger: Logger { configuration.logger }

    /// Where every message read and written is recorded (`--trace`); set before `run`.
    public var trace: MessageTrace? {
        get { dispatcher.trace }
        set { dispatcher.trace = newValue }
    }

    /// What every traced message passes through to hide secrets; set by the service, before `run`.
    public var traceRedactor: TraceRedactor? {
        get { dispatcher.traceRedactor }
        set { dispatcher.traceRedactor = newValue }
    }

    /// Registers `handler` for `method`, replacing an earlier registration (built-ins included).
    public func register(_ method: String, handler: @escaping Handler) {
        dispatcher.register(method, .asynchronous(handler))
    }

    /// Registers a handler that answers at once, on the reader thread, without a thread hop.
    /// Its answer is queued before the reader reads more input or calls the next asynchronous
    /// handler. Use `register(_:handler:)` for anything that waits or is ordered with other work.
    public func registerSynchronous(_ method: String, handler: @escaping SynchronousHandler) {
        dispatcher.register(method, .synchronous(handler))
    }

    /// The names of every registered method, sorted.
    public var methods: [String] { dispatcher.methods }

    /// Has `observer` see the params of every `initialize` after the protocol version was
    /// checked and before it is answered: a service reads its own options there, and an error
    /// it throws (-32602 naming a bad option) is the answer instead.
    public func onInitialize(_ observer: @escaping @Sendable (JSON?) throws(RPCError) -> Void) {
        dispatcher.lifecycle.withLock { $0.initializeObservers.append(observer) }
    }

    /// The params of the client's `initialize` request, once it was received.
    public var clientInitializeParameters: JSON? { dispatcher.lifecycle.withLock { $0.initializeParameters } }

    /// Sends a notification through the ordered writer, from any thread; `attachments` are
    /// binary members of `params`, base64-encoded only as the message is written.
    public func sendNotification(_ method: String, params: JSON?, attaching attachments: [Attachment] = []) {
        dispatcher.sendNotification(method, params: params, attaching: attachments)
    }

    /// Cancels the running request `id`: its token fires, then it is answered -32800 unless its
    /// handler answered first. Unknown or finished ids are ignored, as cancellation races replies.
    public func cancelRequest(_ id: RequestID) {
        dispatcher.cancelRequest(id)
    }

    /// Serves until the input ends, `exit` arrives, `stop()` is called or the output breaks;
    /// returns the process exit status (0 for every orderly end).
    public func run() -> Int32 {
        let dispatcher = self.dispatcher
        let input = connection.input
        connection.start({ reader in
            var router = MessageRouter(dispatcher: dispatcher, input: input)
            return reader.run(delegate: &router)
        }) { ending in
            switch ending {
            case _ where dispatcher.exitRequested.load(ordering: .relaxed):
                dispatcher.finish(grace: 0, reason: "exit")
            case .stopped:
                dispatcher.finish(grace: 0, reason: "stopped")
            case .inputClosedWhilePaused:
                dispatcher.finish(grace: 0, reason: "stdin closed while the output was over its bound; unread requests dropped")
            case .endOfInput, .failed:
                dispatcher.finish(grace: dispatcher.configuration.endOfInputGracePeriod, reason: "end of input")
            }
        }
        dispatcher.waitUntilFinished()
        connection.writer.stop()
        return 0
    }

    /// Ends serving (e.g. on SIGTERM): cancels running requests, flushes, and lets `run` return.
    public func stop(reason: String = "stopped") {
        dispatcher.finish(grace: 0, reason: reason)
    }

    /// Runs `body` once when the server shuts down (`shutdown`, `exit`, end of input, a signal,
    /// or a closed stdout), after running requests were cancelled and before the final flush:
    /// the place for a service to dispose what outlives requests. Notifications it sends are
    /// still written.
    public func onStop(_ body: @escaping @Sendable () -> Void) {
        dispatcher.onStop(body)
    }
}

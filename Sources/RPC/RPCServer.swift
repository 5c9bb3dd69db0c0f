import Foundation
import JSON
import Logging

/// A JSON-RPC 2.0 server over a pair of byte streams, one message per line or framed with
/// `Content-Length` headers (the LSP base protocol), detected from the first bytes.
///
/// Structure (as in sourcekit-lsp): a dedicated reader thread frames and dispatches the input
/// in arrival order, handlers answer from any thread through their `RequestContext`, and one
/// writer thread writes whole messages in the order they were queued.
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
public final class RPCServer: @unchecked Sendable {
    // Safety: fields under "guarded by `state`" are only touched while holding `state`; fields
    // under "reader thread only" are only touched by the reader thread (and by `init` before it
    // starts); the rest are immutable.

    /// A handler called on the reader thread; it answers through `context`, now or later.
    public typealias Handler = @Sendable (_ params: JSON?, _ context: RequestContext) -> Void
    /// A handler that answers at once on the reader thread; for cheap methods such as `ping`.
    public typealias SynchronousHandler = @Sendable (_ params: JSON?) throws(RPCError) -> JSON

    enum Registration {
        case asynchronous(Handler)
        case synchronous(SynchronousHandler)
        /// The same answer every time: `result`, and `,"result":<result>}` plus the newline,
        /// encoded once.
        case constant(result: JSON, encodedTail: [UInt8])
    }

    /// Where an answer goes: its own line, or into the array of its batch.
    enum AnswerSink {
        case line
        case batch(BatchCollector)
    }

    /// The configuration the server was made with.
    public let configuration: Configuration

    /// Where every message read and written is recorded (`--trace`); set before `run`.
    public var trace: MessageTrace? {
        didSet { trace?.redactor = traceRedactor }
    }

    /// What every traced message passes through to hide secrets; set by the service, before `run`.
    public var traceRedactor: TraceRedactor? {
        didSet { trace?.redactor = traceRedactor }
    }
    /// The server's logger; handlers may share it.
    public var logger: Logger { configuration.logger }

    private let inputDescriptor: Int32
    let writer: OutputWriter

    // Guarded by `state`.
    let state = NSCondition()
    var registrations: [String: Registration] = [:]
    var inFlight: [RequestID: [RequestContext]] = [:]
    var stopHandlers: [@Sendable () -> Void] = []
    var initializeParameters: JSON?
    var initializeObservers: [@Sendable (JSON?) throws(RPCError) -> Void] = []
    var signalSources: [DispatchSourceRead] = []
    private var isFinishing = false
    private var isFinished = false

    // Reader thread only. Their runtime exclusivity checks are off: only the reader thread
    // touches them and no access to one overlaps another of the same, so the checks could
    // never fire, yet they cost ~12% of a ping's instructions.
    @exclusivity(unchecked) var readerRegistrations: [String: Registration] = [:]
    @exclusivity(unchecked) var methodCache = MethodCache()
    @exclusivity(unchecked) var constantAnswers = ConstantAnswerCache()
    @exclusivity(unchecked) var readerOutput: ReaderOutput
    /// The text of the params of the message being routed, for `$/cancelRequest` to read the id
    /// it names exactly as written; valid only during the synchronous handler's call.
    @exclusivity(unchecked) var routingParamsText: UnsafeRawBufferPointer?
    /// `trace`, read once when serving starts: the reader checks it per message, and a class
    /// property's dynamic exclusivity check would cost a ping ~100 instructions.
    @exclusivity(unchecked) var readerTrace: MessageTrace?
    @exclusivity(unchecked) var isShutDown = false
    @exclusivity(unchecked) var exitRequested = false

    /// A server reading `input` and writing `output` (file descriptors it does not close).
    public init(configuration: Configuration = Configuration(), input: Int32 = 0, output: Int32 = 1) {
        self.configuration = configuration
        inputDescriptor = input
        readerOutput = ReaderOutput(framing: configuration.framing ?? .newline)
        let finisher = DeferredFinisher()
        writer = OutputWriter(fileDescriptor: output, framing: readerOutput.framing, backlogLimit: configuration.outputBacklogLimit,
                              logger: configuration.logger) { finisher.server?.finish(grace: 0, reason: "stdout closed") }
        finisher.server = self
        registerBuiltinMethods()
    }

    /// Registers `handler` for `method`, replacing an earlier registration (built-ins included).
    /// Registrations made while serving take effect from the next chunk of input.
    public func register(_ method: String, handler: @escaping Handler) {
        state.withLock { registrations[method] = .asynchronous(handler) }
    }

    /// Registers a handler that answers at once, on the reader thread, without a thread hop.
    /// Its answer is queued before the reader reads more input or calls the next asynchronous
    /// handler. Use `register(_:handler:)` for anything that waits or is ordered with other work.
    public func registerSynchronous(_ method: String, handler: @escaping SynchronousHandler) {
        state.withLock { registrations[method] = .synchronous(handler) }
    }

    /// Registers a method whose answer is always `result` (such as `ping`): answered on the
    /// reader thread from bytes encoded once, with the request's id echoed as it was written.
    public func registerConstant(_ method: String, result: JSON) {
        let registration = Registration.constant(result: result, encodedTail: MessageEncoder.resultTail(result))
        state.withLock { registrations[method] = registration }
    }

    /// The names of every registered method, sorted.
    public var methods: [String] { state.withLock { registrations.keys.sorted() } }

    /// Has `observer` see the params of every `initialize` after the protocol version was
    /// checked and before it is answered: a service reads its own options there, and an error
    /// it throws (-32602 naming a bad option) is the answer instead.
    public func onInitialize(_ observer: @escaping @Sendable (JSON?) throws(RPCError) -> Void) {
        state.withLock { initializeObservers.append(observer) }
    }

    /// The params of the client's `initialize` request, once it was received.
    public var clientInitializeParameters: JSON? { state.withLock { initializeParameters } }

    /// Sends a notification through the ordered writer, from any thread; `attachments` are
    /// binary members of `params`, base64-encoded only as the message is written.
    public func sendNotification(_ method: String, params: JSON?, attaching attachments: [Attachment] = []) {
        var body = OutputBuffer()
        body.tail.reserveCapacity(64)
        MessageEncoder.appendNotification(method: method, params: params, attachments: attachments, to: &body)
        trace?.outgoing(body)
        writer.enqueue(message: body)
    }

    /// Serves until the input ends, `exit` arrives, `stop()` is called or the output breaks;
    /// returns the process exit status (0 for every orderly end).
    public func run() -> Int32 {
        readerRegistrations = state.withLock { registrations }
        readerTrace = trace
        writer.start()
        let reader = Thread { [self] in
            MessageReader(fileDescriptor: inputDescriptor, maxMessageBytes: configuration.maxMessageBytes,
                          framing: configuration.framing).run(delegate: self)
            flushReaderOutput()
            if exitRequested {
                finish(grace: 0, reason: "exit")
            } else {
                finish(grace: configuration.endOfInputGracePeriod, reason: "end of input")
            }
        }
        reader.name = "rpc-reader"
        reader.stackSize = 16 << 20  // deep but legal JSON recurses in the parser
        reader.start()
        let signalSources = state.withLock {
            while !isFinished { state.wait() }
            return self.signalSources
        }
        for source in signalSources { source.cancel() }  // a later server in this process gets the pipe
        writer.stop()
        return 0
    }

    /// Ends serving (e.g. on SIGTERM): cancels running requests, flushes, and lets `run` return.
    public func stop(reason: String = "stopped") {
        finish(grace: 0, reason: reason)
    }

    /// Runs `body` once when the server shuts down (`shutdown`, `exit`, end of input, a signal,
    /// or a closed stdout), after running requests were cancelled and before the final flush:
    /// the place for a service to dispose what outlives requests. Notifications it sends are
    /// still written.
    public func onStop(_ body: @escaping @Sendable () -> Void) {
        state.withLock { stopHandlers.append(body) }
    }

    /// Runs the `onStop` handlers; only the first call does anything.
    func runStopHandlers() {
        let handlers = state.withLock { () -> [@Sendable () -> Void] in
            defer { stopHandlers = [] }
            return stopHandlers
        }
        for handler in handlers { handler() }
    }

    /// `true` once the server began to wind down; the reader stops reading.
    var isWindingDown: Bool { state.withLock { isFinishing } }

    /// Waits up to `grace` seconds for running requests, cancels the rest (answering -32800),
    /// flushes, and releases `run`. Only the first call does anything.
    func finish(grace: Double, reason: String) {
        let start = Date()
        let proceed = state.withLock { () -> Bool in
            guard !isFinishing else { return false }
            isFinishing = true
            return true
        }
        guard proceed else { return }
        logger.log(.info, "shutting down: \(reason)")
        let exitDeadline = start.addingTimeInterval(configuration.exitBudget)
        state.withLock {
            let graceDeadline = min(start.addingTimeInterval(grace), exitDeadline)
            while !inFlight.isEmpty, state.wait(until: graceDeadline) {}
        }
        cancelAllRequests(reason: RPCError.CancellationReason.shutdown)
        runStopHandlers()
        let flushDeadline = min(Date().addingTimeInterval(configuration.finalFlushTimeout), exitDeadline)
        if !writer.flush(until: flushDeadline) {
            // Never leave a half-written message for a client that still reads it.
            let finished = writer.finishMessage(stallTimeout: configuration.stalledClientTimeout,
                                                until: Date().addingTimeInterval(configuration.messageCompletionTimeout))
            logger.log(.warning, finished ? "output not fully written before exit; no message cut off"
                                          : "exiting with a message half written: the client stopped reading it")
        }
        state.withLock {
            isFinished = true
            state.broadcast()
        }
    }
}

/// Lets the writer's broken-pipe callback reach the server that owns the writer.
private final class DeferredFinisher: @unchecked Sendable {
    // Safety: `server` is set once in `RPCServer.init`, before the writer thread exists.
    weak var server: RPCServer?
}

import Dispatch
import JSON
import Locking
import Logging
import Synchronization

/// Everything about messages but reading and writing them (`Connection`): which handler serves
/// which method, the requests in flight, and the server's lifecycle (`Dispatcher+Lifecycle`).
///
/// Its state is behind locks, each guarding one concern, so any thread may register, complete,
/// cancel or stop; the reader thread routes messages to it through a `MessageRouter`.
final class Dispatcher: Sendable {
    /// How a method is served.
    enum Registration: Sendable {
        /// Called on the reader thread; answers through its `RequestContext`, now or later.
        case asynchronous(RPCServer.Handler)
        /// Answers at once, on the reader thread.
        case synchronous(RPCServer.SynchronousHandler)
        /// `$/cancelRequest`: it names a request by its id's text, which only the router has.
        case cancellation
    }

    /// What `--trace` records into, and what hides secrets in it.
    private struct Tracing: Sendable {
        var trace: MessageTrace?
        var redactor: TraceRedactor?
    }

    let configuration: RPCServer.Configuration
    let writer: OutputWriter
    let lifecycle = Locked(Lifecycle(), waitable: true)
    /// After `shutdown`: every request but `ping` and `exit` is refused.
    let isShutDown = Atomic<Bool>(false)
    /// After `exit`: nothing more is read.
    let exitRequested = Atomic<Bool>(false)
    private let registrations = Locked<[String: Registration]>([:])
    /// Counts the changes to the registrations, so that a reader keeping a copy of them
    /// (`MessageRouter`) knows when to take a fresh one.
    let registrationsVersion = Atomic<Int>(0)
    private let inFlight = Locked(InFlightList(), waitable: true)
    private let tracing = Locked(Tracing())
    /// Whether `tracing` holds a trace, read by every answer without the lock.
    private let isTracing = Atomic<Bool>(false)

    init(configuration: RPCServer.Configuration, writer: OutputWriter) {
        self.configuration = configuration
        self.writer = writer
    }

    var logger: Logger { configuration.logger }

    // MARK: - Registrations

    /// Serves `method` with `registration` from the next message on.
    func register(_ method: String, _ registration: Registration) {
        registrations.withLock { registrations in
            registrations[method] = registration
            registrationsVersion.add(1, ordering: .releasing)
        }
    }

    /// Every registration, with the `registrationsVersion` they are as of.
    func registrationsSnapshot() -> (version: Int, registrations: [String: Registration]) {
        registrations.withLock { (registrationsVersion.load(ordering: .relaxed), $0) }
    }

    /// The names of every registered method, sorted.
    var methods: [String] { registrations.withLock { $0.keys.sorted() } }

    // MARK: - Tracing

    /// Where messages are recorded (`--trace`).
    var trace: MessageTrace? {
        get { tracing.withLock { $0.trace } }
        set {
            tracing.withLock { tracing in
                tracing.trace = newValue
                newValue?.redactor = tracing.redactor
                isTracing.store(newValue != nil, ordering: .releasing)
            }
        }
    }

    /// What every traced message passes through.
    var traceRedactor: TraceRedactor? {
        get { tracing.withLock { $0.redactor } }
        set {
            tracing.withLock { tracing in
                tracing.redactor = newValue
                tracing.trace?.redactor = newValue
            }
        }
    }

    // MARK: - Requests in flight

    /// A request handed to an asynchronous handler; it stays in flight until it is answered.
    func begin(_ context: RequestContext) {
        guard context.isRequest else { return }
        inFlight.withLock { $0.append(context) }
    }

    /// Queues the answer of `context`'s request, which `encode` appends whole (without a
    /// newline), from any thread: as its own message, or into `batch`; then the request leaves
    /// the in-flight list (`finish` flushes once nothing is in flight).
    func answer(_ context: RequestContext, batch: BatchCollector?, writing encode: (inout [UInt8]) -> Void) {
        switch batch {
        case nil:
            if let trace = activeTrace {
                var body: [UInt8] = []
                encode(&body)
                trace.outgoing(OutputBuffer(body))
                writer.enqueue(message: body)
            } else {
                writer.enqueue(encoding: encode)
            }
        case let collector?:
            if let batch = collector.add({ encode(&$0.tail) }) {
                trace?.outgoing(batch)
                writer.enqueue(message: batch)
            }
        }
        leave(context)
    }

    /// `answer(_:batch:writing:)` for an answer with inline binary pieces.
    func answer(_ context: RequestContext, batch: BatchCollector?, withBinary encode: (inout OutputBuffer) -> Void) {
        switch batch {
        case nil:
            var body = OutputBuffer()
            encode(&body)
            trace?.outgoing(body)
            writer.enqueue(message: body)
        case let collector?:
            if let batch = collector.add(encode) {
                trace?.outgoing(batch)
                writer.enqueue(message: batch)
            }
        }
        leave(context)
    }

    /// The trace, when there is one; looked at without a lock when there is none.
    private var activeTrace: MessageTrace? {
        isTracing.load(ordering: .acquiring) ? trace : nil
    }

    /// Takes an answered request off the in-flight list.
    private func leave(_ context: RequestContext) {
        let isIdle = inFlight.withLock { list -> Bool in
            list.remove(context)
            return list.isEmpty
        }
        if isIdle { inFlight.broadcast() }
    }

    /// Waits until no request is in flight or `deadline` (`MonotonicClock`) passes.
    func waitUntilIdle(deadline: UInt64) {
        inFlight.wait(until: { $0.isEmpty }, deadline: deadline) { _ in }
    }

    /// Cancels the running request `id`: its token fires, then it is answered -32800 unless its
    /// handler answered first. Unknown or finished ids are ignored, as cancellation races replies.
    func cancelRequest(_ id: RequestID) {
        let running = inFlight.withLock { $0.contexts { $0.id == id } }  // several if the client reused the id
        if running.isEmpty { logger.log(.debug, "cancel of \(id): not running") }
        for context in running {
            context.cancel()
            context.fail(.requestCancelled(RPCError.CancellationReason.clientCancelled))
        }
    }

    /// Cancels every running request: tokens fire, then each is answered -32800 with `reason`.
    func cancelAllRequests(reason: String) {
        let running = inFlight.withLock { $0.contexts { _ in true } }
        for context in running {
            context.cancel()
            context.fail(.requestCancelled(reason))
        }
    }

    // MARK: - Notifications

    /// Sends a notification through the ordered writer, from any thread.
    func sendNotification(_ method: String, params: JSON?, attaching attachments: [Attachment]) {
        var body = OutputBuffer()
        body.tail.reserveCapacity(64)
        MessageEncoder.appendNotification(method: method, params: params, attachments: attachments, to: &body)
        activeTrace?.outgoing(body)
        writer.enqueue(message: body)
    }
}

import JSON

/// The reader thread's side of the dispatcher: each framed message is parsed once
/// (`JSON.parse`, noting where ids sit), classified by the JSON-RPC 2.0 rules
/// (`IncomingMessage`) and routed to its handler, in arrival order.
///
/// Answers made on the reader thread (synchronous handlers, errors) are framed into one buffer
/// and handed to the writer once per input chunk, and before any asynchronous handler runs, so
/// that they go out before whatever that handler causes. Only the reader thread uses a router,
/// and holds it `inout` while it reads (`MessageReader.run(delegate:)`): its state is checked
/// for exclusive access when compiled, not at run time.
struct MessageRouter: MessageReaderDelegate {
    private let dispatcher: Dispatcher
    private let input: Int32
    private let trace: MessageTrace?
    private var framing: Framing
    /// Where each `id` (and a `$/cancelRequest`'s `params.id`) sits in the message being read.
    private var ids = JSONMemberSpans(name: "id", maxDepth: 3)
    /// The dispatcher's registrations as of `registrationsVersion`.
    private var registrations = MethodTable<Dispatcher.Registration>([:])
    private var registrationsVersion = -1
    /// Answers framed on the reader thread, not yet handed to the writer.
    private var answers: [UInt8] = []
    private var answerEnds: [Int] = []

    init(dispatcher: Dispatcher, input: Int32) {
        self.dispatcher = dispatcher
        self.input = input
        trace = dispatcher.trace
        framing = dispatcher.configuration.framing ?? .newline
    }

    // MARK: - MessageReaderDelegate

    mutating func messageReader(didDetect framing: Framing) {
        if dispatcher.configuration.framing == nil { dispatcher.logger.log(.info, "framing: \(framing.rawValue) (detected)") }
        self.framing = framing
        dispatcher.writer.use(framing)
        trace?.use(framing)
    }

    mutating func messageReader(didRead message: ArraySlice<UInt8>) {
        guard !dispatcher.exitRequested.load(ordering: .relaxed) else { return }
        // A message that is an object is taken apart as it is parsed, unless it is traced whole.
        let parsed: JSON?
        var envelope = IncomingMessage.Envelope()
        do {
            let maxDepth = dispatcher.configuration.maxNestingDepth
            if trace == nil {
                parsed = try JSON.parse(message, maxDepth: maxDepth, noting: &ids, visiting: &envelope)
            } else {
                parsed = try JSON.parse(message, maxDepth: maxDepth, noting: &ids)
            }
        } catch {
            trace?.incoming(message, parsed: nil)
            dispatcher.logger.log(.debug, "unparsable message: \(error)")
            return answer(id: .null, .failure(.parseError(error.description)), sink: nil)
        }
        guard let json = parsed else {
            return route(IncomingMessage(consume envelope, idText: idText(at: EmptyCollection(), of: message)), element: nil, of: message, sink: nil)
        }
        trace?.incoming(message, parsed: json)
        guard case .array(let elements) = json else {
            return route(IncomingMessage(json, idText: idText(at: EmptyCollection(), of: message)), element: nil, of: message, sink: nil)
        }
        guard !elements.isEmpty else {
            return answer(id: .null, .failure(.invalidRequest("an empty batch")), sink: nil)
        }
        let collector = BatchCollector()
        for (index, element) in elements.enumerated() {
            let incoming = IncomingMessage(element, idText: idText(at: CollectionOfOne(.index(index)), of: message))
            if case .notification = incoming {} else { collector.expectAnswer() }
            route(incoming, element: index, of: message, sink: collector)
        }
        if let batch = collector.finishDispatch() { answer(batch: batch) }
    }

    mutating func messageReader(didReject reason: String) {
        dispatcher.logger.log(.warning, "skipping a message: \(reason)")
        trace?.rejected(reason, maxMessageBytes: dispatcher.configuration.maxMessageBytes)
        answer(id: .null, .failure(.parseError(reason)), sink: nil)
    }

    mutating func messageReaderDidFinishChunk() {
        flushAnswers()
    }

    mutating func messageReaderMayRead() -> MessageReader.Permission {
        guard !dispatcher.exitRequested.load(ordering: .relaxed), !dispatcher.isWindingDown else { return .stop }
        return dispatcher.writer.waitWhileBacklogExceedsLimit(watching: input) ? .read : .inputClosed
    }

    // MARK: - Routing

    /// The text of the `id` member of the object at `path`, as the parser noted it.
    private func idText<Path: Collection<JSONMemberSpans.Step>>(at path: Path, of message: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        ids.range(at: path).map { message[(message.startIndex + $0.lowerBound)..<(message.startIndex + $0.upperBound)] }
    }

    /// How `method` is served, from the router's copy of the dispatcher's registrations
    /// (refreshed whenever they changed).
    private mutating func registration(for method: String) -> Dispatcher.Registration? {
        if dispatcher.registrationsVersion.load(ordering: .acquiring) != registrationsVersion {
            let snapshot = dispatcher.registrationsSnapshot()
            (registrationsVersion, registrations) = (snapshot.version, MethodTable(snapshot.registrations))
        }
        return registrations[method]
    }

    /// Routes one classified message: the whole message (`element` nil) or that element of a
    /// batch.
    private mutating func route(_ message: consuming IncomingMessage, element: Int?, of text: ArraySlice<UInt8>, sink: BatchCollector?) {
        switch consume message {
        case .request(let id, let method, let params): route(id: id, method: method, params: params, element: element, of: text, sink: sink)
        case .notification(let method, let params): route(id: nil, method: method, params: params, element: element, of: text, sink: sink)
        case .invalid(let id, let error): answer(id: id, .failure(error), sink: sink)
        }
    }

    /// Calls the handler of `method`; a request (`id` not nil) is answered exactly once, a
    /// notification never.
    private mutating func route(id: RequestID?, method: String, params: JSON?, element: Int?, of text: ArraySlice<UInt8>, sink: BatchCollector?) {
        if dispatcher.isShutDown.load(ordering: .relaxed) && method != BuiltinMethod.exit && method != BuiltinMethod.ping {
            if let id { answer(id: id, .failure(.serverShuttingDown()), sink: sink) }
            return
        }
        if dispatcher.configuration.requiresNamedParams, case .array? = params {
            if let id { answer(id: id, .failure(.invalidParams("must be an object (named params)", field: "params")), sink: sink) }
            return
        }
        guard let registration = registration(for: method) else {
            if let id { answer(id: id, .failure(.methodNotFound(method)), sink: sink) }
            dispatcher.logger.log(.debug, "no handler for '\(method)'")
            return
        }
        switch registration {
        case .synchronous(let handler):
            let result = Result { () throws(RPCError) -> JSON in try handler(params) }
            if let id { answer(id: id, result, sink: sink) }
        case .cancellation:
            let paramsID: ArraySlice<UInt8>?
            if let element {
                paramsID = idText(at: [.index(element), .key("params")], of: text)
            } else {
                paramsID = idText(at: CollectionOfOne(.key("params")), of: text)
            }
            let result = cancel(params, idText: paramsID)
            if let id { answer(id: id, result, sink: sink) }
        case .asynchronous(let handler):
            flushAnswers()  // earlier answers go out before anything this handler causes
            let context = RequestContext(id: id, method: method, dispatcher: dispatcher, sink: sink.map { .batch($0) } ?? .message)
            dispatcher.begin(context)
            handler(params, context)
        }
    }

    /// `$/cancelRequest {id}`, the id read as the very text it was written with.
    private mutating func cancel(_ params: JSON?, idText: ArraySlice<UInt8>?) -> Result<JSON, RPCError> {
        guard let rawID = params?["id"], let id = RequestID(rawID, writtenAs: idText) else {
            return .failure(.invalidParams("must be the id of a request", field: "id"))
        }
        dispatcher.cancelRequest(id)
        return .success(.null)
    }

    // MARK: - Answers made on the reader thread

    /// Queues an answer; a line's is written after the current chunk, a batch's joins its array.
    private mutating func answer(id: RequestID, _ result: Result<JSON, RPCError>, sink: BatchCollector?) {
        if let collector = sink {
            if let batch = collector.add({ MessageEncoder.appendResponse(id: id, result: result, to: &$0.tail) }) {
                answer(batch: batch)
            }
            return
        }
        var body: [UInt8] = []
        MessageEncoder.appendResponse(id: id, result: result, to: &body)
        append(body)
    }

    /// Queues a batch's answer; one with inline data goes to the writer as it is, after what
    /// the reader queued before it.
    private mutating func answer(batch: OutputBuffer) {
        if batch.isPlain {
            append(batch.tail)
        } else {
            trace?.outgoing(batch)
            flushAnswers()
            dispatcher.writer.enqueue(message: batch)
        }
    }

    private mutating func append(_ body: [UInt8]) {
        trace?.outgoing(OutputBuffer(body))
        framing.appendMessage(body, to: &answers)
        answerEnds.append(answers.count)
        if answers.count >= 1 << 18 { flushAnswers() }
    }

    /// Hands the queued answers to the writer.
    private mutating func flushAnswers() {
        guard !answers.isEmpty else { return }
        dispatcher.writer.enqueue(framed: answers, ends: answerEnds)
        answers.removeAll(keepingCapacity: true)
        answerEnds.removeAll(keepingCapacity: true)
    }
}

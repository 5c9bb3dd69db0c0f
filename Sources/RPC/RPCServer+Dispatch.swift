import JSON

/// Framing events in, answers out: everything here runs on the reader thread.
extension RPCServer: MessageReaderDelegate {
    func messageReader(didDetect framing: Framing) {
        if configuration.framing == nil { logger.log(.info, "framing: \(framing.rawValue) (detected)") }
        readerOutput.framing = framing
        writer.use(framing)
        readerTrace?.use(framing)
    }

    func messageReader(didRead line: UnsafeRawBufferPointer) {
        guard !exitRequested else { return }
        // Not while tracing: a traced message is recorded as parsed.
        if readerTrace == nil, !isShutDown, let request = RequestScanner.scanBareRequest(line) {
            if !constantAnswers.remembers(request.methodBytes) {
                constantAnswers.remember(request.methodBytes, in: readerRegistrations)
            }
            if constantAnswers.appendAnswer(to: request, to: &readerOutput) {
                // A constant answer (ping): no values built, the id echoed as written.
                if readerOutput.count >= 1 << 18 { flushReaderOutput() }
                return
            }
        }
        read(line)
    }

    /// Any message but a constant method's bare request: the envelope scanner, else the parser.
    @inline(never)
    private func read(_ line: UnsafeRawBufferPointer) {
        if let readerTrace { readerTrace.incoming(line, parsed: try? JSON.parse(line, maxDepth: configuration.maxNestingDepth)) }
        if let envelope = RequestScanner.scan(line, maxDepth: configuration.maxNestingDepth) {
            let method = methodCache.name(for: envelope.methodBytes)
            routingParamsText = envelope.paramsText
            route(id: envelope.id, method: method, params: envelope.params, sink: .line)
            return
        }
        let json: JSON
        do {
            json = try JSON.parse(line, maxDepth: configuration.maxNestingDepth)
        } catch {
            logger.log(.debug, "unparsable line: \(error)")
            answerOnReader(id: .null, .failure(.parseError(error.description)), sink: .line)
            return
        }
        // The general path keeps the text of each id and params too (see `RawMembers`).
        let text = RawMembers(line)
        guard case .array(let elements) = json else {
            handle(incoming(json, in: 0..<line.count, of: text), sink: .line)
            return
        }
        guard !elements.isEmpty else {
            answerOnReader(id: .null, .failure(.invalidRequest("an empty batch")), sink: .line)
            return
        }
        let collector = BatchCollector()
        let ranges = text.elements(ofArrayIn: 0..<line.count)
        for (index, element) in elements.enumerated() {
            let message = incoming(element, in: ranges.count == elements.count ? ranges[index] : nil, of: text)
            if case .notification = message {} else { collector.expectAnswer() }
            handle(message, sink: .batch(collector))
        }
        if let batch = collector.finishDispatch() { answerOnReader(batch: batch) }
    }

    func messageReader(didReject reason: String) {
        logger.log(.warning, "skipping a message: \(reason)")
        readerTrace?.rejected(reason, maxMessageBytes: configuration.maxMessageBytes)
        answerOnReader(id: .null, .failure(.parseError(reason)), sink: .line)
    }

    func messageReaderDidFinishChunk() {
        flushReaderOutput()
        writer.waitWhileBacklogExceedsLimit()
        readerRegistrations = state.withLock { registrations }
        methodCache.forgetRegistration()
        constantAnswers.forget()
    }

    var messageReaderShouldStop: Bool { exitRequested || isWindingDown }

    /// Classifies one parsed message whose text is at `range` of `text`, keeping the text of its
    /// id (to echo) and of its params (for `$/cancelRequest`).
    private func incoming(_ json: JSON, in range: Range<Int>?, of text: RawMembers) -> IncomingMessage {
        let idText = json["id"] == nil ? nil : range.flatMap { text.member("id", ofObjectIn: $0) }.map(text.text)
        routingParamsText = json["params"] == nil ? nil : range.flatMap { text.member("params", ofObjectIn: $0) }.map(text.bytes)
        return IncomingMessage(json, idText: idText)
    }

    private func handle(_ message: IncomingMessage, sink: AnswerSink) {
        switch message {
        case .request(let id, let method, let params): route(id: id, method: method, params: params, sink: sink)
        case .notification(let method, let params): route(id: nil, method: method, params: params, sink: sink)
        case .invalid(let id, let error): answerOnReader(id: id, .failure(error), sink: sink)
        }
    }

    /// Calls the handler of `method`; a request (`id` not nil) is answered exactly once, a
    /// notification never.
    private func route(id: RequestID?, method: String, params: JSON?, sink: AnswerSink) {
        if isShutDown && method != BuiltinMethod.exit && method != BuiltinMethod.ping {
            if let id { answerOnReader(id: id, .failure(.serverShuttingDown()), sink: sink) }
            return
        }
        if configuration.requiresNamedParams, case .array? = params {
            if let id { answerOnReader(id: id, .failure(.invalidParams("must be an object (named params)", field: "params")), sink: sink) }
            return
        }
        guard let registration = methodCache.registration(for: method, in: readerRegistrations) else {
            if let id { answerOnReader(id: id, .failure(.methodNotFound(method)), sink: sink) }
            logger.log(.debug, "no handler for '\(method)'")
            return
        }
        switch registration {
        case .constant(let result, _):
            if let id { answerOnReader(id: id, .success(result), sink: sink) }
        case .synchronous(let handler):
            let result = Result { () throws(RPCError) -> JSON in try handler(params) }
            if let id { answerOnReader(id: id, result, sink: sink) }
        case .asynchronous(let handler):
            // Earlier answers go out before anything this handler causes.
            flushReaderOutput()
            let context = RequestContext(
                id: id, method: method,
                respond: { [self] context, result, attachments in self.didComplete(context, result, attachments, sink: sink) },
                notify: { [self] method, params, attachments in self.sendNotification(method, params: params, attaching: attachments) })
            if let id { state.withLock { inFlight[id, default: []].append(context) } }
            handler(params, context)
        }
    }

    /// Queues an answer produced on the reader thread; it is written after the current chunk.
    private func answerOnReader(id: RequestID, _ result: Result<JSON, RPCError>, sink: AnswerSink) {
        switch sink {
        case .line:
            readerOutput.append { MessageEncoder.appendResponse(id: id, result: result, to: &$0) }
            if let readerTrace {
                var body = OutputBuffer()
                MessageEncoder.appendResponse(id: id, result: result, to: &body.tail)
                readerTrace.outgoing(body)
            }
            if readerOutput.count >= 1 << 18 { flushReaderOutput() }
        case .batch(let collector):
            if let batch = collector.add({ MessageEncoder.appendResponse(id: id, result: result, to: &$0.tail) }) {
                answerOnReader(batch: batch)
            }
        }
    }

    /// Queues a batch's answer line on the reader; one with inline data goes to the writer as
    /// it is, after what the reader queued before it.
    private func answerOnReader(batch: OutputBuffer) {
        readerTrace?.outgoing(batch)
        if batch.isPlain {
            readerOutput.append(body: batch.tail)
        } else {
            flushReaderOutput()
            writer.enqueue(message: batch)
        }
    }

    /// Hands the reader's queued answers to the writer.
    func flushReaderOutput() {
        guard !readerOutput.isEmpty else { return }
        writer.enqueue(framed: readerOutput.take())
    }

    /// An asynchronous handler's completion, on any thread.
    private func didComplete(_ context: RequestContext, _ result: Result<JSON, RPCError>, _ attachments: [Attachment], sink: AnswerSink) {
        guard let id = context.id else {
            if case .failure(let error) = result {
                logger.log(.debug, "notification '\(context.method)' failed: \(error.message)")
            }
            return
        }
        defer {
            // Only after the answer is queued: `finish` flushes once nothing is in flight.
            state.withLock {
                if var running = inFlight[id], let position = running.firstIndex(where: { $0 === context }) {
                    running.remove(at: position)
                    inFlight[id] = running.isEmpty ? nil : running
                    if inFlight.isEmpty { state.broadcast() }
                }
            }
        }
        switch sink {
        case .line:
            var body = OutputBuffer()
            body.tail.reserveCapacity(128)
            MessageEncoder.appendResponse(id: id, result: result, attachments: attachments, to: &body)
            trace?.outgoing(body)
            writer.enqueue(message: body)
        case .batch(let collector):
            if let batch = collector.add({ MessageEncoder.appendResponse(id: id, result: result, attachments: attachments, to: &$0) }) {
                trace?.outgoing(batch)
                writer.enqueue(message: batch)
            }
        }
    }
}

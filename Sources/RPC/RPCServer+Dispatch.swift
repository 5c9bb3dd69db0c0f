import JSON

/// Framing events in, answers out: everything here runs on the reader thread.
extension RPCServer: LineReaderDelegate {
    func lineReader(didRead line: UnsafeRawBufferPointer) {
        guard !exitRequested else { return }
        if let request = RequestScanner.scanBareRequest(line), !isShutDown,
           methodCache.appendConstantAnswer(
               methodBytes: request.methodBytes, idBytes: request.idBytes, in: readerRegistrations, to: &readerOutput)
        {
            // A constant answer (ping): no values built, the id echoed as written.
            if readerOutput.count >= 1 << 18 { flushReaderOutput() }
            return
        }
        if let envelope = RequestScanner.scan(line) {
            let method = methodCache.name(for: envelope.methodBytes)
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
        guard case .array(let elements) = json else {
            handle(IncomingMessage(json), sink: .line)
            return
        }
        guard !elements.isEmpty else {
            answerOnReader(id: .null, .failure(.invalidRequest("an empty batch")), sink: .line)
            return
        }
        let collector = BatchCollector()
        for element in elements {
            let message = IncomingMessage(element)
            if case .notification = message {} else { collector.expectAnswer() }
            handle(message, sink: .batch(collector))
        }
        if let batchLine = collector.finishDispatch() { readerOutput.append(contentsOf: batchLine) }
    }

    func lineReader(didRejectLineLongerThan limit: Int) {
        logger.log(.warning, "skipping a message longer than \(limit) bytes")
        answerOnReader(id: .null, .failure(.parseError("message exceeds \(limit) bytes")), sink: .line)
    }

    func lineReaderDidFinishChunk() {
        flushReaderOutput()
        writer.waitWhileBacklogExceedsLimit()
        readerRegistrations = state.withLock { registrations }
        methodCache.forgetRegistration()
    }

    var lineReaderShouldStop: Bool { exitRequested || isWindingDown }

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
                respond: { [self] context, result in self.didComplete(context, result, sink: sink) },
                notify: { [self] method, params in self.sendNotification(method, params: params) })
            if let id { state.withLock { inFlight[id, default: []].append(context) } }
            handler(params, context)
        }
    }

    /// Queues an answer produced on the reader thread; it is written after the current chunk.
    private func answerOnReader(id: RequestID, _ result: Result<JSON, RPCError>, sink: AnswerSink) {
        switch sink {
        case .line:
            MessageEncoder.appendResponse(id: id, result: result, to: &readerOutput)
            readerOutput.append(0x0A)
            if readerOutput.count >= 1 << 18 { flushReaderOutput() }
        case .batch(let collector):
            if let line = collector.add({ MessageEncoder.appendResponse(id: id, result: result, to: &$0) }) {
                readerOutput.append(contentsOf: line)
            }
        }
    }

    /// Hands the reader's queued answers to the writer.
    func flushReaderOutput() {
        guard !readerOutput.isEmpty else { return }
        writer.enqueue(readerOutput)
        readerOutput.removeAll(keepingCapacity: readerOutput.capacity <= 1 << 20)
    }

    /// An asynchronous handler's completion, on any thread.
    private func didComplete(_ context: RequestContext, _ result: Result<JSON, RPCError>, sink: AnswerSink) {
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
            var line: [UInt8] = []
            line.reserveCapacity(128)
            MessageEncoder.appendResponse(id: id, result: result, to: &line)
            line.append(0x0A)
            writer.enqueue(line)
        case .batch(let collector):
            if let batchLine = collector.add({ MessageEncoder.appendResponse(id: id, result: result, to: &$0) }) {
                writer.enqueue(batchLine)
            }
        }
    }
}

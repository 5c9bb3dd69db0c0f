import JSON

/// The names of the methods every server answers.
public enum BuiltinMethod {
    /// `ping` -> `{}`.
    public static let ping = "ping"
    /// `initialize {clientInfo?, capabilities?, protocolVersion?}` -> `{protocolVersion, serverInfo,
    /// capabilities}`; a client's `protocolVersion` of another major version is -32602.
    public static let initialize = "initialize"
    /// `shutdown` -> `{}` after every running request was cancelled and answered; later requests
    /// other than `ping` and `exit` are answered -32006.
    public static let shutdown = "shutdown"
    /// `exit`: the server stops reading, cancels what runs, flushes and exits 0 (a request is
    /// answered `{}` first).
    public static let exit = "exit"
    /// `$/cancelRequest {id}`: the request is answered -32800.
    public static let cancelRequest = "$/cancelRequest"
}

extension RPCServer {
    func registerBuiltinMethods() {
        registerConstant(BuiltinMethod.ping, result: .object(JSONObject()))
        registerSynchronous(BuiltinMethod.initialize) { [unowned self] params throws(RPCError) in
            try self.initialize(params)
        }
        registerSynchronous(BuiltinMethod.shutdown) { [unowned self] _ in
            self.isShutDown = true  // the synchronous handler runs on the reader thread
            self.cancelAllRequests(reason: RPCError.CancellationReason.shutdown)
            self.runStopHandlers()
            return .object(JSONObject())
        }
        registerSynchronous(BuiltinMethod.exit) { [unowned self] _ in
            self.exitRequested = true
            return .object(JSONObject())
        }
        registerSynchronous(BuiltinMethod.cancelRequest) { [unowned self] params throws(RPCError) in
            let text = self.routingParamsText.flatMap { params in
                RawMembers(params).member("id", ofObjectIn: 0..<params.count).map(RawMembers(params).text)
            }
            guard let rawID = params?["id"], let id = RequestID(rawID, text: text) else {
                throw .invalidParams("must be the id of a request", field: "id")
            }
            self.cancelRequest(id)
            return .null
        }
    }

    /// Cancels the running request `id`: its token fires, then it is answered -32800 unless its
    /// handler answered first. Unknown or finished ids are ignored, as cancellation races replies.
    public func cancelRequest(_ id: RequestID) {
        let running = state.withLock { inFlight[id] ?? [] }  // several if the client reused the id
        if running.isEmpty { logger.log(.debug, "cancel of \(id): not running") }
        for context in running {
            context.cancellation.cancel()
            context.fail(.requestCancelled(RPCError.CancellationReason.clientCancelled))
        }
    }

    /// Cancels every running request: tokens fire, then each is answered -32800 with `reason`.
    func cancelAllRequests(reason: String) {
        let running = state.withLock { inFlight.values.flatMap { $0 } }
        for context in running {
            context.cancellation.cancel()
            context.fail(.requestCancelled(reason))
        }
    }

    private func initialize(_ params: JSON?) throws(RPCError) -> JSON {
        switch params {
        case nil, .object?: break
        default: throw .invalidParams("must be an object", field: "params")
        }
        for field in ["clientInfo", "capabilities"] {
            if let value = params?[field], value.objectValue == nil {
                throw .invalidParams("must be an object", field: field)
            }
        }
        if let version = try RPCParams(params).optionalString("protocolVersion") {
            try checkProtocolVersion(version)
        }
        for observer in state.withLock({ initializeObservers }) { try observer(params) }
        state.withLock { initializeParameters = params ?? [:] }
        return [
            "protocolVersion": .string(configuration.protocolVersion),
            "serverInfo": ["name": .string(configuration.serverName), "version": .string(configuration.serverVersion)],
            "capabilities": configuration.capabilities,
        ]
    }

    /// A client speaks `version` ("MAJOR.MINOR"): any minor version of the server's major works
    /// (minor versions only add), another major is refused naming the version the server speaks.
    private func checkProtocolVersion(_ version: String) throws(RPCError) {
        let supported = configuration.protocolVersion
        func major(_ text: String) -> Int? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
            return Int(parts[0])
        }
        guard let clientMajor = major(version) else {
            throw .invalidParams("must be a version \"MAJOR.MINOR\", e.g. \"\(supported)\"", field: "protocolVersion")
        }
        guard clientMajor == major(supported) else {
            let reason = "\(version) is not supported: this server speaks \(supported) (any client of \(major(supported).map(String.init) ?? supported).x works)"
            throw RPCError(code: RPCError.Code.invalidParams, message: "Invalid params: 'protocolVersion' \(reason)",
                           data: ["field": "protocolVersion", "reason": .string(reason), "supported": .string(supported)])
        }
    }
}

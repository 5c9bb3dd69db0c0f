import JSON

extension Dispatcher {
    /// Registers `ping`, `initialize`, `shutdown`, `exit` and `$/cancelRequest`.
    func registerBuiltinMethods() {
        register(BuiltinMethod.ping, .synchronous { _ in .object(JSONObject()) })
        register(BuiltinMethod.initialize, .synchronous { [unowned self] params throws(RPCError) in try self.initialize(params) })
        register(BuiltinMethod.shutdown, .synchronous { [unowned self] _ in
            self.isShutDown.store(true, ordering: .relaxed)
            self.cancelAllRequests(reason: RPCError.CancellationReason.shutdown)
            self.runStopHandlers()
            return .object(JSONObject())
        })
        register(BuiltinMethod.exit, .synchronous { [unowned self] _ in
            self.exitRequested.store(true, ordering: .relaxed)
            return .object(JSONObject())
        })
        register(BuiltinMethod.cancelRequest, .cancellation)
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
        for observer in lifecycle.withLock({ $0.initializeObservers }) { try observer(params) }
        lifecycle.withLock { $0.initializeParameters = params ?? [:] }
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

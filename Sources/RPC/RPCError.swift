import JSON

/// A JSON-RPC error object: what a failed request is answered with.
///
/// The standard codes have factory methods; applications use `application(code:message:data:)`
/// with a code in -32000...-32099, the range JSON-RPC reserves for server-defined errors.
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The numeric error code.
    public let code: Int
    /// A short, human-readable description.
    public let message: String
    /// Optional structured detail, e.g. `{"reason": ...}` or `{"status": 404}`.
    public let data: JSON?

    /// An error with an arbitrary code; prefer the factories below.
    public init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "RPCError(\(code), \(message))" }
}

extension RPCError {
    /// The standard and protocol-level error codes.
    public enum Code {
        /// Invalid JSON was received (or the message was too large / not UTF-8).
        public static let parseError = -32700
        /// The JSON sent is not a valid request object.
        public static let invalidRequest = -32600
        /// The method does not exist or is not available.
        public static let methodNotFound = -32601
        /// Invalid method parameters.
        public static let invalidParams = -32602
        /// Internal JSON-RPC error.
        public static let internalError = -32603
        /// The request was cancelled (by `$/cancelRequest`, a superseding command, or shutdown).
        public static let requestCancelled = -32800
        /// After `shutdown`, every request but `ping` and `exit` (an application code of protocol/).
        public static let serverShuttingDown = -32006
        /// The range reserved for application-defined errors.
        public static let applicationRange: ClosedRange<Int> = -32099 ... -32000
    }

    /// -32700: the line was not valid JSON (or not UTF-8, or too long); `data: {"reason"}`.
    public static func parseError(_ reason: String) -> RPCError {
        RPCError(code: Code.parseError, message: "Parse error", data: ["reason": .string(reason)])
    }

    /// -32600: the message is JSON but not a valid request; `data: {"reason"}` says which rule
    /// it broke.
    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(code: Code.invalidRequest, message: "Invalid request: \(reason)", data: ["reason": .string(reason)])
    }

    /// -32601: no handler is registered for `method`; `data: {"method"}`.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: Code.methodNotFound, message: "Method not found: \(method)", data: ["method": .string(method)])
    }

    /// -32602: the parameters are wrong; `field` names the bad one (e.g. `input.pageSize`).
    /// `data: {"field"?, "reason"}`.
    public static func invalidParams(_ reason: String, field: String? = nil) -> RPCError {
        var data = JSONObject()
        if let field { data["field"] = .string(field) }
        data["reason"] = .string(reason)
        let message = field.map { "Invalid params: '\($0)' \(reason)" } ?? "Invalid params: \(reason)"
        return RPCError(code: Code.invalidParams, message: message, data: .object(data))
    }

    /// -32603: the server failed for a reason that is not the client's fault; `data: {"reason"}`.
    public static func internalError(_ reason: String) -> RPCError {
        RPCError(code: Code.internalError, message: "Internal error: \(reason)", data: ["reason": .string(reason)])
    }

    /// -32800: the request was cancelled before it finished; `data: {"reason"}`, e.g.
    /// `clientCancelled` (by `$/cancelRequest`) or `shutdown` (see `CancellationReason`).
    public static func requestCancelled(_ reason: String) -> RPCError {
        RPCError(code: Code.requestCancelled, message: "Request cancelled", data: ["reason": .string(reason)])
    }

    /// -32006: the server was shut down and only accepts `ping` and `exit`.
    public static func serverShuttingDown() -> RPCError {
        RPCError(code: Code.serverShuttingDown, message: "Server shutting down")
    }

    /// An application-defined error; `code` must lie in -32099...-32000.
    public static func application(code: Int, message: String, data: JSON? = nil) -> RPCError {
        precondition(Code.applicationRange.contains(code), "application error codes lie in -32099...-32000")
        return RPCError(code: code, message: message, data: data)
    }

    /// The `data.reason` values of -32800 that the RPC layer itself uses.
    public enum CancellationReason {
        /// Cancelled by `$/cancelRequest`.
        public static let clientCancelled = "clientCancelled"
        /// Cancelled by `shutdown`, `exit`, end of input or a termination signal.
        public static let shutdown = "shutdown"
    }

    /// The error object as JSON: `{"code", "message", "data"?}`.
    public var json: JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "code", value: .int(Int64(code)))
        object.appendUnchecked(key: "message", value: .string(message))
        if let data { object.appendUnchecked(key: "data", value: data) }
        return .object(object)
    }
}

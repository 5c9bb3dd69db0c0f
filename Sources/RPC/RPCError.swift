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
        /// The range reserved for application-defined errors.
        public static let applicationRange: ClosedRange<Int> = -32099 ... -32000
    }

    /// -32700: the line was not valid JSON; `reason` goes into `data.reason`.
    public static func parseError(_ reason: String) -> RPCError {
        RPCError(code: Code.parseError, message: "Parse error", data: ["reason": .string(reason)])
    }

    /// -32600: the message is JSON but not a valid request; `reason` says which rule it broke.
    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(code: Code.invalidRequest, message: "Invalid Request: \(reason)")
    }

    /// -32601: no handler is registered for `method`.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: Code.methodNotFound, message: "Method not found: \(method)")
    }

    /// -32602: the parameters are wrong; the message should name the bad field.
    public static func invalidParams(_ message: String) -> RPCError {
        RPCError(code: Code.invalidParams, message: "Invalid params: \(message)")
    }

    /// -32603: the server failed for a reason that is not the client's fault.
    public static func internalError(_ message: String) -> RPCError {
        RPCError(code: Code.internalError, message: "Internal error: \(message)")
    }

    /// -32800: the request was cancelled before it finished.
    public static func requestCancelled(_ reason: String = "request cancelled") -> RPCError {
        RPCError(code: Code.requestCancelled, message: "Request cancelled: \(reason)")
    }

    /// An application-defined error; `code` must lie in -32099...-32000.
    public static func application(code: Int, message: String, data: JSON? = nil) -> RPCError {
        precondition(Code.applicationRange.contains(code), "application error codes lie in -32099...-32000")
        return RPCError(code: code, message: message, data: data)
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

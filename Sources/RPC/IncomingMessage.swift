import JSON

/// One element of the input, classified by the JSON-RPC 2.0 rules.
enum IncomingMessage {
    /// A request: answered exactly once.
    case request(id: RequestID, method: String, params: JSON?)
    /// A well-formed notification: never answered, whatever happens.
    case notification(method: String, params: JSON?)
    /// Not a valid request; answered with -32600 and the id when it could be read, else null.
    case invalid(id: RequestID, error: RPCError)

    /// Classifies one parsed message (a batch element or a whole line); `idText` is the text
    /// the `id` was written with (`JSONMemberSpans`), when the caller has it.
    init(_ json: JSON, idText: ArraySlice<UInt8>? = nil) {
        guard case .object(let object) = json else {
            self = .invalid(id: .null, error: .invalidRequest("a request must be a JSON object"))
            return
        }
        let rawID = object["id"]
        let id: RequestID? = rawID.flatMap { RequestID($0, writtenAs: idText) }
        let replyID = id ?? .null
        if rawID != nil && id == nil {
            self = .invalid(id: .null, error: .invalidRequest("'id' must be a string, a number or null"))
            return
        }
        guard case .string("2.0")? = object["jsonrpc"] else {
            self = .invalid(id: replyID, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
            return
        }
        guard case .string(let method)? = object["method"] else {
            self = .invalid(id: replyID, error: .invalidRequest("'method' must be a string"))
            return
        }
        let params = object["params"]
        switch params {
        case nil, .array?, .object?: break
        default:
            self = .invalid(id: replyID, error: .invalidRequest("'params' must be an object or an array"))
            return
        }
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }
}

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
    ///
    /// The members are read in one pass, telling the envelope's names apart by length first.
    init(_ json: JSON, idText: ArraySlice<UInt8>? = nil) {
        guard case .object(let object) = json else {
            self = .invalid(id: .null, error: .invalidRequest("a request must be a JSON object"))
            return
        }
        var rawID: JSON?, version: JSON?, method: JSON?, params: JSON?
        object.forEachMember { key, value in
            switch key.utf8.count {
            case 2 where key == "id": rawID = value
            case 6 where key == "method": method = value
            case 6 where key == "params": params = value
            case 7 where key == "jsonrpc": version = value
            default: break
            }
        }
        guard let rawID else {
            self = Self.classify(id: nil, version: version, method: method, params: params)
            return
        }
        guard let id = RequestID(rawID, writtenAs: idText) else {
            self = .invalid(id: .null, error: .invalidRequest("'id' must be a string, a number or null"))
            return
        }
        self = Self.classify(id: id, version: version, method: method, params: params)
    }

    /// A request when `id` is not nil, else a notification, if the other members are right.
    private static func classify(id: RequestID?, version: JSON?, method: JSON?, params: JSON?) -> IncomingMessage {
        guard case .string(let text)? = version, text == "2.0" else {
            return .invalid(id: id ?? .null, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard case .string(let name)? = method else {
            return .invalid(id: id ?? .null, error: .invalidRequest("'method' must be a string"))
        }
        switch params {
        case nil, .array?, .object?: break
        default: return .invalid(id: id ?? .null, error: .invalidRequest("'params' must be an object or an array"))
        }
        guard let id else { return .notification(method: name, params: params) }
        return .request(id: id, method: name, params: params)
    }
}

import JSON

/// One element of the input, classified by the JSON-RPC 2.0 rules.
enum IncomingMessage {
    /// A request: answered exactly once.
    case request(id: RequestID, method: String, params: JSON?)
    /// A well-formed notification: never answered, whatever happens.
    case notification(method: String, params: JSON?)
    /// Not a valid request; answered with -32600 and the id when it could be read, else null.
    case invalid(id: RequestID, error: RPCError)

    /// What JSON-RPC reads of a message that is an object, gathered member by member (a
    /// repeated member counts with its last value, as an object keeps it), from the object or
    /// while it is parsed (`JSON.parse(_:maxDepth:noting:visiting:)`).
    struct Envelope: JSONMemberVisitor {
        var id: JSON?
        var isVersion2 = false
        /// The method's name, when `method` is a string.
        var method: String?
        var params: JSON?
        var paramsAreStructured = true

        /// Takes one member, by its name's UTF-8, telling the envelope's names apart by length
        /// first.
        @inline(__always)
        mutating func visit(key: UnsafeBufferPointer<UInt8>, value: consuming JSON) {
            switch key.count {
            case 2 where Self.is(key, "id"):
                id = value
            case 6 where Self.is(key, "method"):
                if case .string(let name) = value { method = name } else { method = nil }
            case 6 where Self.is(key, "params"):
                switch value {
                case .array, .object: paramsAreStructured = true
                default: paramsAreStructured = false
                }
                params = value
            case 7 where Self.is(key, "jsonrpc"):
                if case .string(let version) = value { isVersion2 = version == "2.0" } else { isVersion2 = false }
            default:
                break
            }
        }

        /// Whether `key` holds the bytes of `name`, which is as long.
        @inline(__always)
        private static func `is`(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
            let name = name.utf8Start
            for position in key.indices where key[position] != name[position] { return false }
            return true
        }
    }

    /// Classifies one parsed message (a batch element or a whole line); `idText` is the text
    /// the `id` was written with (`JSONMemberSpans`), when the caller has it.
    init(_ json: JSON, idText: ArraySlice<UInt8>? = nil) {
        guard case .object(let object) = json else {
            self = .invalid(id: .null, error: .invalidRequest("a request must be a JSON object"))
            return
        }
        var envelope = Envelope()
        object.forEachMember { key, value in
            var key = key
            key.withUTF8 { envelope.visit(key: $0, value: value) }
        }
        self.init(envelope, idText: idText)
    }

    /// Classifies the envelope of a message that is an object.
    init(_ envelope: consuming Envelope, idText: ArraySlice<UInt8>?) {
        var id: RequestID?
        if let rawID = envelope.id.take() {
            guard let read = RequestID(rawID, writtenAs: idText) else {
                self = .invalid(id: .null, error: .invalidRequest("'id' must be a string, a number or null"))
                return
            }
            id = read
        }
        guard envelope.isVersion2 else {
            self = .invalid(id: id ?? .null, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
            return
        }
        guard let method = envelope.method.take() else {
            self = .invalid(id: id ?? .null, error: .invalidRequest("'method' must be a string"))
            return
        }
        guard envelope.paramsAreStructured else {
            self = .invalid(id: id ?? .null, error: .invalidRequest("'params' must be an object or an array"))
            return
        }
        if let id {
            self = .request(id: id, method: method, params: envelope.params.take())
        } else {
            self = .notification(method: method, params: envelope.params.take())
        }
    }
}

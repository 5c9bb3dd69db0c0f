import JSON

/// Builds outgoing lines from pre-encoded fragments, so that an answer costs one append per part
/// rather than building and serializing a JSON envelope.
enum MessageEncoder {
    private static let responsePrefix: [UInt8] = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let resultInfix: [UInt8] = Array(#","result":"#.utf8)
    private static let errorInfix: [UInt8] = Array(#","error":{"code":"#.utf8)
    private static let messageInfix: [UInt8] = Array(#","message":"#.utf8)
    private static let dataInfix: [UInt8] = Array(#","data":"#.utf8)
    private static let notificationPrefix: [UInt8] = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    private static let paramsInfix: [UInt8] = Array(#","params":"#.utf8)

    /// Appends `{"jsonrpc":"2.0","id":<id>,"result":<result>}` without a newline.
    static func appendResult(id: RequestID, result: JSON, to output: inout [UInt8]) {
        output.append(contentsOf: responsePrefix)
        id.encode(into: &output)
        output.append(contentsOf: resultInfix)
        if case .object(let members) = result, members.isEmpty {
            output.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])  // ping's answer
        } else {
            result.serialize(into: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends `{"jsonrpc":"2.0","id":<id>,"error":{...}}` without a newline.
    static func appendError(id: RequestID, error: RPCError, to output: inout [UInt8]) {
        output.append(contentsOf: responsePrefix)
        id.encode(into: &output)
        output.append(contentsOf: errorInfix)
        JSONWriter.appendInteger(Int64(error.code), to: &output)
        output.append(contentsOf: messageInfix)
        JSONWriter.appendString(error.message, to: &output)
        if let data = error.data {
            output.append(contentsOf: dataInfix)
            data.serialize(into: &output)
        }
        output.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "}")])
    }

    /// Appends a response, success or error, without a newline.
    static func appendResponse(id: RequestID, result: Result<JSON, RPCError>, to output: inout [UInt8]) {
        switch result {
        case .success(let value): appendResult(id: id, result: value, to: &output)
        case .failure(let error): appendError(id: id, error: error, to: &output)
        }
    }

    /// Appends `{"jsonrpc":"2.0","method":<method>,"params":<params>}` without a newline.
    static func appendNotification(method: String, params: JSON?, to output: inout [UInt8]) {
        output.append(contentsOf: notificationPrefix)
        JSONWriter.appendString(method, to: &output)
        if let params {
            output.append(contentsOf: paramsInfix)
            params.serialize(into: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

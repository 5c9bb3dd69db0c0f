import JSON

/// Builds outgoing lines from pre-encoded fragments, so that an answer costs one append per part
/// rather than building and serializing a JSON envelope.
enum MessageEncoder {
    // StaticStrings, not arrays: appending one costs no retain, release or lazy-global check.
    private static let responsePrefix: StaticString = #"{"jsonrpc":"2.0","id":"#
    private static let resultInfix: StaticString = #","result":"#
    private static let errorInfix: StaticString = #","error":{"code":"#
    private static let messageInfix: StaticString = #","message":"#
    private static let dataInfix: StaticString = #","data":"#
    private static let notificationPrefix: StaticString = #"{"jsonrpc":"2.0","method":"#
    private static let paramsInfix: StaticString = #","params":"#

    @inline(__always)
    private static func append(_ fragment: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeRawBufferPointer(start: fragment.utf8Start, count: fragment.utf8CodeUnitCount))
    }

    /// Appends `{"jsonrpc":"2.0","id":<id>,"result":<result>}` without a newline.
    static func appendResult(id: RequestID, result: JSON, to output: inout [UInt8]) {
        JSONTextBuffer.appending(to: &output) { text in
            text.append(responsePrefix)
            id.encode(into: &text)
            text.append(resultInfix)
            text.append(json: result)
            text.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `{"jsonrpc":"2.0","id":<id>,"result":` with the id of `context` (read where it is
    /// kept), then what `writeResult` appends (one JSON value), then `}`, without a newline;
    /// the pieces gathered on the stack and appended at once.
    @inline(__always)
    static func appendResult(idOf context: RequestContext, writing writeResult: (inout JSONTextBuffer) -> Void,
                             to output: inout [UInt8])
    {
        JSONTextBuffer.appending(to: &output) { text in
            text.append(responsePrefix)
            context.id?.encode(into: &text)
            text.append(resultInfix)
            writeResult(&text)
            text.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `{"jsonrpc":"2.0","id":<id>,"error":{...}}` without a newline.
    static func appendError(id: RequestID, error: RPCError, to output: inout [UInt8]) {
        JSONTextBuffer.appending(to: &output) { text in
            text.append(responsePrefix)
            id.encode(into: &text)
            text.append(errorInfix)
            text.appendInteger(Int64(error.code))
            text.append(messageInfix)
            text.appendString(error.message)
            if let data = error.data {
                text.append(dataInfix)
                text.append(json: data)
            }
            text.append(UInt8(ascii: "}"))
            text.append(UInt8(ascii: "}"))
        }
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
        JSONTextBuffer.appending(to: &output) { text in
            text.append(notificationPrefix)
            text.appendString(method)
            if let params {
                text.append(paramsInfix)
                text.append(json: params)
            }
            text.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a response whose result carries `attachments` (none for an error).
    static func appendResponse(id: RequestID, result: Result<JSON, RPCError>, attachments: [Attachment],
                               to output: inout OutputBuffer)
    {
        guard case .success(let value) = result, !attachments.isEmpty else {
            return appendResponse(id: id, result: result, to: &output.tail)
        }
        append(responsePrefix, to: &output.tail)
        id.encode(into: &output.tail)
        append(resultInfix, to: &output.tail)
        append(value, attaching: attachments, depth: 0, to: &output)
        output.tail.append(UInt8(ascii: "}"))
    }

    /// Appends a notification whose params carry `attachments`.
    static func appendNotification(method: String, params: JSON?, attachments: [Attachment], to output: inout OutputBuffer) {
        guard let params, !attachments.isEmpty else {
            return appendNotification(method: method, params: params, to: &output.tail)
        }
        append(notificationPrefix, to: &output.tail)
        JSONWriter.appendString(method, to: &output.tail)
        append(paramsInfix, to: &output.tail)
        append(params, attaching: attachments, depth: 0, to: &output)
        output.tail.append(UInt8(ascii: "}"))
    }

    /// Appends `value` with each attachment added as the last member of the object its path
    /// leads to, a base64 string written later from the attachment's bytes.
    private static func append(_ value: JSON, attaching attachments: [Attachment], depth: Int, to output: inout OutputBuffer) {
        guard !attachments.isEmpty, case .object(let members) = value else { return value.serialize(into: &output.tail) }
        output.tail.append(UInt8(ascii: "{"))
        var isFirst = true
        func separate() {
            if !isFirst { output.tail.append(UInt8(ascii: ",")) }
            isFirst = false
        }
        for (key, member) in members {
            separate()
            JSONWriter.appendString(key, to: &output.tail)
            output.tail.append(UInt8(ascii: ":"))
            let inside = attachments.filter { $0.path.count > depth + 1 && $0.path[depth] == key }
            append(member, attaching: inside, depth: depth + 1, to: &output)
        }
        for attachment in attachments where attachment.path.count == depth + 1 {
            separate()
            JSONWriter.appendString(attachment.path[depth], to: &output.tail)
            output.tail.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: "\"")])
            output.appendBase64(attachment.bytes)
            output.tail.append(UInt8(ascii: "\""))
        }
        output.tail.append(UInt8(ascii: "}"))
    }
}

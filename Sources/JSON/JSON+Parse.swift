extension JSON {
    /// Nesting deeper than this is rejected with an error instead of risking the stack.
    public static let defaultMaxDepth = 512

    /// Parses one JSON text (RFC 8259, strict): surrounding whitespace allowed, nothing else.
    ///
    /// This is the zero-copy entry point: to parse one line inside a larger read buffer, pass
    /// `UnsafeRawBufferPointer(rebasing: buffer[lineStart..<lineEnd])`. Error offsets are then
    /// relative to `lineStart`. Nothing of `bytes` is retained after the call returns.
    ///
    /// Decisions where RFC 8259 leaves room (pinned by the JSONTestSuite `i_` tests):
    /// - an integer that fits `Int64` is `.int`; a larger one, or any number with a fraction or
    ///   exponent, is the nearest `.double`; a number beyond `Double`'s range is an error
    ///   (JSON cannot carry infinity), one below it reads as zero;
    /// - strings must be valid UTF-8; an unpaired UTF-16 surrogate escape (`"\uD800"`) reads as
    ///   U+FFFD, as browsers do, because RFC 8259 permits such text;
    /// - a byte-order mark is an error; a repeated object key keeps its last value;
    /// - nesting deeper than `maxDepth` is an error, never a stack overflow.
    public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError(reason: "unexpected end of input", offset: 0)
        }
        var work = JSONParseWorkspace(notedName: [], keepsShortStrings: false)
        return try withUnsafeMutablePointer(to: &work) { work in
            Result { () throws(JSONParseError) -> JSON in
                var parser = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth, work: work, notedDepth: 0)
                defer { parser.finish() }
                return try parser.parseDocument()
            }
        }.get()
    }

    /// Parses one JSON text as `parse(_:maxDepth:)` does, noting in `spans` where the members it
    /// looks for sit in `bytes` (its earlier notes are dropped first).
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth, noting spans: inout JSONMemberSpans
    ) throws(JSONParseError) -> JSON {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError(reason: "unexpected end of input", offset: 0)
        }
        let notedDepth = spans.maxDepth
        return try withUnsafeMutablePointer(to: &spans.workspace) { work in
            Result { () throws(JSONParseError) -> JSON in
                var parser = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth, work: work, notedDepth: notedDepth)
                defer { parser.finish() }
                return try parser.parseDocument()
            }
        }.get()
    }

    /// Parses one JSON text held in `bytes` as `parse(_:maxDepth:noting:)` does, except that
    /// when the text is an object, none is built: its members go to `visitor` as they are read,
    /// and the result is `nil`. Any other text's value is returned. When the parse throws,
    /// whatever `visitor` received is to be forgotten.
    ///
    /// For a reader that takes a message's envelope apart at once (JSON-RPC's `jsonrpc`, `id`,
    /// `method`, `params`): the object it would only look into is never made nor destroyed.
    public static func parse(
        _ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth, noting spans: inout JSONMemberSpans,
        visiting visitor: inout some JSONMemberVisitor
    ) throws(JSONParseError) -> JSON? {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSON? in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    throw JSONParseError(reason: "unexpected end of input", offset: 0)
                }
                let notedDepth = spans.maxDepth
                return try withUnsafeMutablePointer(to: &spans.workspace) { work throws(JSONParseError) -> JSON? in
                    var parser = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count, maxDepth: maxDepth, work: work, notedDepth: notedDepth)
                    defer { parser.finish() }
                    return try parser.parseDocument(visiting: &visitor)
                }
            }
        }.get()
    }

    /// Parses one JSON text held in `bytes` without copying it, noting in `spans` where the
    /// members it looks for sit (offsets from the slice's first byte).
    public static func parse(
        _ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth, noting spans: inout JSONMemberSpans
    ) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSON in try parse(buffer, maxDepth: maxDepth, noting: &spans) }
        }.get()
    }

    /// Parses one JSON text held in `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBytes { buffer in parseResult(buffer, maxDepth: maxDepth) }.get()
    }

    /// Parses one JSON text held in `bytes` (e.g. one line of a read buffer) without copying it.
    public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBytes { buffer in parseResult(buffer, maxDepth: maxDepth) }.get()
    }

    /// Parses one JSON text held in `text`.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        var text = text
        return try text.withUTF8 { utf8 in parseResult(UnsafeRawBufferPointer(utf8), maxDepth: maxDepth) }.get()
    }

    /// Carries the typed error out of the standard library's untyped-`rethrows` closures.
    private static func parseResult(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) -> Result<JSON, JSONParseError> {
        Result { () throws(JSONParseError) -> JSON in try parse(bytes, maxDepth: maxDepth) }
    }
}

/// Takes the members of an object as a parse reads them, instead of the parse building the
/// object (`JSON.parse(_:maxDepth:noting:visiting:)`). The parser holds it `inout` for the
/// parse, so a struct gathers members without copies or run-time exclusivity checks.
public protocol JSONMemberVisitor {
    /// One member, in the order written; a repeated key comes again, and its last value is the
    /// one an object would keep. `key` is the member's name as UTF-8 (escapes resolved), valid
    /// only during the call, so that names are told apart without a `String` made for each;
    /// the value is handed over, not copied.
    mutating func visit(key: UnsafeBufferPointer<UInt8>, value: consuming JSON)
}

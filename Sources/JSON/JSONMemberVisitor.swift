/// Takes the members of an object as a parse reads them, instead of the parse building the
/// object (`JSON.parse(_:maxDepth:noting:visiting:)`). The parser holds it `inout` for the
/// parse, so a struct gathers members without copies or run-time exclusivity checks.
public protocol JSONMemberVisitor {
    /// One member, in the order written; a repeated key comes again, and its last value is the
    /// one an object would keep. The value is handed over, not copied.
    mutating func visit(key: String, value: consuming JSON)
}

/// The visitor of the objects a parse builds: it is never called.
struct JSONNoMemberVisitor: JSONMemberVisitor {
    func visit(key: String, value: consuming JSON) {}
}

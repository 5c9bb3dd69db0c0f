/// Takes the members of an object as a parse reads them, instead of the parse building the
/// object (`JSON.parse(_:maxDepth:noting:visiting:)`). A class, so that the parser hands each
/// member over without copying the visitor in and out.
public protocol JSONMemberVisitor: AnyObject {
    /// One member, in the order written; a repeated key comes again, and its last value is the
    /// one an object would keep.
    func visit(key: String, value: JSON)
}

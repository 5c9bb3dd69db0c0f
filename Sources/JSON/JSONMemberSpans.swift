/// Where the values of the members with one name sit in the text a parse read, by their place
/// in the document: what a JSON-RPC server needs to echo each request's `id` exactly as it was
/// written (`1E2`, `-0`, `"\ud800"` parse to values that would encode differently).
///
/// ```swift
/// var ids = JSONMemberSpans(name: "id", maxDepth: 3)
/// let message = try JSON.parse(line, maxDepth: 512, noting: &ids)
/// let idText = ids.range(at: []).map { line[$0] }            // {"id": ...}
/// let batchIDText = ids.range(at: [.index(2)]).map { line[$0] }  // [..., ..., {"id": ...}]
/// ```
///
/// One value is reused from parse to parse: its storage is kept, so noting allocates nothing
/// once it has grown to the messages' shape, and the parser lends its memory from it. The parser compares member names as bytes and
/// spells out the path to an object only when that object has the member looked for.
public struct JSONMemberSpans {
    /// One step from a container to what it holds.
    public enum Step: Hashable, Sendable {
        /// The element at this position of an array.
        case index(Int)
        /// The member with this name of an object.
        case key(String)
    }

    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let pathStart: Int
        @usableFromInline let pathCount: Int
        @usableFromInline let range: Range<Int>
    }

    /// The member name noted.
    public let name: String
    /// How deep the objects whose members are noted may sit: 1 is the top-level value only.
    public let maxDepth: Int
    /// The parser's memory and this value's notes, lent to each parse in place; its stacks'
    /// and short strings' memory is shared by copies of this value, which is why it is not
    /// `Sendable`.
    @usableFromInline var workspace: JSONParseWorkspace

    /// Notes the members called `name` of objects at most `maxDepth` containers deep.
    public init(name: String, maxDepth: Int) {
        self.name = name
        self.maxDepth = maxDepth
        workspace = JSONParseWorkspace(notedName: Array(name.utf8), keepsShortStrings: true)
    }

    /// The byte offsets, in the text last parsed, of the value of the member `name` of the object
    /// at `path` (the steps from the top-level value to that object); the last one when the object
    /// repeats the member, as the parsed value keeps the last. `nil` when there is none.
    ///
    /// Any collection of steps will do, so a caller need not allocate an array per look-up
    /// (`CollectionOfOne(.index(2))`).
    @inlinable
    public func range<Path: Collection>(at path: Path) -> Range<Int>? where Path.Element == Step {
        let count = path.count
        for entry in workspace.entries.reversed() where entry.pathCount == count {
            if count == 0 || workspace.steps[entry.pathStart..<(entry.pathStart + count)].elementsEqual(path) { return entry.range }
        }
        return nil
    }

    /// `range(at:)` for a path written as an array literal.
    @inlinable
    public func range(at path: [Step]) -> Range<Int>? {
        range(at: path[...])
    }
}

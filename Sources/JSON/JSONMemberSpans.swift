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
/// once it has grown to the messages' shape.
public struct JSONMemberSpans: Sendable {
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
    @usableFromInline var steps: [Step] = []
    @usableFromInline var entries: [Entry] = []
    /// The parser's working storage, kept from parse to parse (`JSONParser.adopt`).
    var workspace = JSONParser.Workspace()

    /// Notes the members called `name` of objects at most `maxDepth` containers deep.
    public init(name: String, maxDepth: Int) {
        self.name = name
        self.maxDepth = maxDepth
    }

    /// The byte offsets, in the text last parsed, of the value of the member `name` of the object
    /// at `path` (the steps from the top-level value to that object); the last one when the object
    /// repeats the member, as the parsed value keeps the last. `nil` when there is none.
    @inlinable
    public func range(at path: [Step]) -> Range<Int>? {
        for entry in entries.reversed() where entry.pathCount == path.count {
            if steps[entry.pathStart..<(entry.pathStart + entry.pathCount)].elementsEqual(path) { return entry.range }
        }
        return nil
    }

    /// Forgets the spans of the previous parse.
    mutating func reset() {
        steps.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Notes a member at `range`, in the object that `path` leads to.
    mutating func note(_ range: Range<Int>, at path: [Step]) {
        entries.append(Entry(pathStart: steps.count, pathCount: path.count, range: range))
        steps.append(contentsOf: path)
    }
}

/// The memory a parse works in: its stacks, the short strings made before, the buffer for
/// strings with escapes and the notes it takes. A `JSONMemberSpans` keeps one from parse to
/// parse, so that parsing many small messages allocates only the containers they hold; the
/// parser works in it in place, through a pointer lent for the parse (nothing to move in or
/// out, nothing of the parser's own to destroy).
@usableFromInline
struct JSONParseWorkspace {
    var values = JSONParseStack<JSON>()
    var members = JSONParseStack<JSONObject.Member>()
    /// Where the objects being parsed sit, while they are shallow enough to have noted members
    /// (`JSONParser.PathStep`).
    var path = JSONParseStack<JSONParser.PathStep>()
    /// Short strings made before; without slots, strings are made each time.
    var shortStrings: JSONShortStrings
    /// Reused for strings that contain escapes, so each does not allocate its own buffer.
    var scratch: [UInt8] = []
    /// The member name noted, as UTF-8.
    let notedName: [UInt8]
    /// The notes of the last parse (`JSONMemberSpans.range(at:)`): its first steps and entries
    /// are overwritten by the next parse and the rest cut off, so that a message like the last
    /// one neither shrinks nor grows them.
    @usableFromInline var steps: [JSONMemberSpans.Step] = []
    @usableFromInline var entries: [JSONMemberSpans.Entry] = []

    /// A workspace noting members called `notedName`, with a table of short strings when
    /// `keepsShortStrings`.
    init(notedName: [UInt8], keepsShortStrings: Bool) {
        self.notedName = notedName
        shortStrings = JSONShortStrings(hasSlots: keepsShortStrings)
    }

    /// Drops what a parse left on the stacks (all of it when it failed half-way) and the notes
    /// beyond this parse's.
    mutating func finish(stepCount: Int, entryCount: Int) {
        if entries.count > entryCount { entries.removeSubrange(entryCount...) }
        if steps.count > stepCount { steps.removeSubrange(stepCount...) }
        values.reset()
        members.reset()
        path.reset()
    }
}

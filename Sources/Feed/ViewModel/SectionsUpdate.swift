import JSON

/// A new snapshot of the list with its revision and its changes from the previous one.
public struct SectionsUpdate: Sendable, Equatable {
    /// Increases by one with every snapshot; 0 is the initial empty list.
    public var revision: Int
    /// The sections (the feed has one).
    public var sections: [FeedSection]
    /// The changes of section 0 since revision `revision - 1`; `nil` for revision 0.
    public var changes: Changeset<FeedItem>?

    /// An update.
    public init(revision: Int, sections: [FeedSection], changes: Changeset<FeedItem>?) {
        self.revision = revision
        self.sections = sections
        self.changes = changes
    }
}

extension SectionsUpdate {
    /// The body of a `sections` notification (without `session`):
    /// - full: `{"revision": 3, "sections": [{"items": [...]}]}`;
    /// - `incremental` (and a previous revision exists): `{"revision": 3, "changes": [C]}` where
    ///   each `C` is `Changeset.json(section:)` — see there for the shape and how to apply it.
    public func json(incremental: Bool) -> JSON {
        if incremental, let changes {
            return ["revision": .int(Int64(revision)), "changes": [changes.json(section: 0)]]
        }
        return ["revision": .int(Int64(revision)), "sections": sections.json]
    }
}

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
    /// Whether the update only inserts items (a load-more's page): what incremental clients
    /// receive as changes. Replacements (a reload, an input switch) are sent whole.
    public var isAppendOnly: Bool {
        guard let changes else { return false }
        return changes.deleted.isEmpty && changes.moved.isEmpty && changes.updated.isEmpty
    }

    /// The body of a `sections` notification (without `session`), protocol/README.md section 9:
    /// - full: `{"revision": 3, "sections": [{"items": [...]}]}`;
    /// - `incremental` and append-only: `{"revision": 3, "changes": {"baseRevision": 2,
    ///   "sections": [C]}}` where `C` is `Changeset.json(section:)` — see there for the shape
    ///   and how to apply it.
    public func json(incremental: Bool) -> JSON {
        var body = JSONObject()
        body.appendUnchecked(key: "revision", value: .int(Int64(revision)))
        if incremental, isAppendOnly, let changes {
            body.appendUnchecked(key: "changes", value: [
                "baseRevision": .int(Int64(revision - 1)),
                "sections": [changes.json(section: 0)],
            ])
        } else {
            body.appendUnchecked(key: "sections", value: sections.json)
        }
        return .object(body)
    }
}

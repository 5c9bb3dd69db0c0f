import FeedModel

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
}

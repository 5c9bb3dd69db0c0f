import FeedModel

/// A new snapshot of the list with its revision and its changes from the previous one.
public struct SectionsUpdate: Sendable, Equatable {
    /// Increases by one with every snapshot; 0 is the initial list (empty, or the stored one).
    public var revision: Int
    /// The sections (the feed has one).
    public var sections: [FeedSection]
    /// The changes of section 0 since revision `revision - 1`; `nil` for revision 0.
    public var changes: Changeset<FeedItem>?
    /// Whether the changes are what incremental clients receive even though they do more than
    /// insert: a reload that overlaps the list (it keeps the reader's place), a local edit.
    public var keepsPlace: Bool
    /// The row the reader was looking at and where it is now, for a reload that keeps the place.
    public var anchor: SectionsAnchor?
    /// Whether the list is a stored one that no reload of this session confirmed yet.
    public var isStale: Bool
    /// When a stale list was fetched, in milliseconds since 1970.
    public var storedAt: Int64?

    /// An update.
    public init(
        revision: Int, sections: [FeedSection], changes: Changeset<FeedItem>?, keepsPlace: Bool = false, anchor: SectionsAnchor? = nil,
        isStale: Bool = false, storedAt: Int64? = nil
    ) {
        self.revision = revision
        self.sections = sections
        self.changes = changes
        self.keepsPlace = keepsPlace
        self.anchor = anchor
        self.isStale = isStale
        self.storedAt = storedAt
    }
}

extension SectionsUpdate {
    /// Whether the update only inserts items (a load-more's page).
    public var isAppendOnly: Bool {
        guard let changes else { return false }
        return changes.deleted.isEmpty && changes.moved.isEmpty && changes.updated.isEmpty
    }

    /// Whether incremental clients receive the changes rather than the whole list: appends,
    /// and updates that keep the place. Replacements (a reload with nothing in common with the
    /// list, an input switch) are sent whole.
    public var sendsChanges: Bool { changes != nil && (isAppendOnly || keepsPlace) }
}

/// Where the row a reader was looking at went: its id and its index in the new list. A front
/// end that applies the changes and scrolls that row to where it was shows the same place.
public struct SectionsAnchor: Sendable, Equatable {
    /// The row's item id.
    public var id: String
    /// Its index in the new list.
    public var index: Int

    /// An anchor.
    public init(id: String, index: Int) {
        self.id = id
        self.index = index
    }
}

import Feed
import JSON

extension SectionsUpdate {
    /// The members of a `sections` notification after `session` (protocol/README.md section 9):
    /// - a snapshot: `"revision": 3, "sections": [{"items": [...]}]`;
    /// - for an `incremental` client, an append, a local edit or a reload that overlaps the
    ///   list: `"revision": 3, "changes": {"baseRevision": 2, "sections": [C]}` where `C` is
    ///   `Changeset.wireJSON(section:)`. Replacements (a reload with nothing in common with the
    ///   list, an input switch) are sent whole.
    func appendWireMembers(incremental: Bool, to object: inout JSONObject) {
        object.appendUnchecked(key: "revision", value: .int(Int64(revision)))
        if incremental, sendsChanges, let changes {
            object.appendUnchecked(key: "changes", value: [
                "baseRevision": .int(Int64(revision - 1)),
                "sections": [changes.wireJSON(section: 0)],
            ])
        } else {
            object.appendUnchecked(key: "sections", value: sections.wireJSON)
        }
        appendLivingMembers(to: &object)
    }

    /// `"anchor": {"id", "index"}` after a reload that kept the place, and `"stale": true,
    /// "storedAt"` while the list is a stored one no reload confirmed (1.2); nothing otherwise.
    func appendLivingMembers(to object: inout JSONObject) {
        if let anchor { object.appendUnchecked(key: "anchor", value: ["id": .string(anchor.id), "index": .int(Int64(anchor.index))]) }
        if isStale {
            object.appendUnchecked(key: "stale", value: true)
            if let storedAt { object.appendUnchecked(key: "storedAt", value: .int(storedAt)) }
        }
    }
}

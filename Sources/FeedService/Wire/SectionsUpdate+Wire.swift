import Feed
import JSON

extension SectionsUpdate {
    /// The members of a `sections` notification after `session` (protocol/README.md section 9):
    /// - a snapshot: `"revision": 3, "sections": [{"items": [...]}]`;
    /// - for an `incremental` client, an append: `"revision": 3, "changes": {"baseRevision": 2,
    ///   "sections": [C]}` where `C` is `Changeset.wireJSON(section:)`. Replacements (a reload,
    ///   an input switch) are sent whole.
    func appendWireMembers(incremental: Bool, to object: inout JSONObject) {
        object.appendUnchecked(key: "revision", value: .int(Int64(revision)))
        if incremental, isAppendOnly, let changes {
            object.appendUnchecked(key: "changes", value: [
                "baseRevision": .int(Int64(revision - 1)),
                "sections": [changes.wireJSON(section: 0)],
            ])
        } else {
            object.appendUnchecked(key: "sections", value: sections.wireJSON)
        }
    }
}

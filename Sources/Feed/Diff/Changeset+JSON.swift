import JSON

extension Changeset where Item == FeedItem {
    /// The wire encoding of the changes of one section, for clients that opted into
    /// incremental `sections` notifications (`{"sections": {"incremental": true}}`):
    ///
    /// ```json
    /// {"section": 0, "count": 20,
    ///  "deleted": [3],
    ///  "inserted": [{"index": 10, "item": {"id": "...", "title": "...", "imageURL": "..."}}],
    ///  "moved": [{"from": 4, "to": 0}],
    ///  "updated": [{"index": 2, "item": {...}}]}
    /// ```
    ///
    /// `deleted` and `moved.from` index the previous revision; `inserted`, `moved.to` and
    /// `updated` index the new one; `count` is the new number of items. To apply: remove the
    /// deleted and moved-from rows, place inserted and moved rows at their new indices, fill
    /// the other slots with the remaining rows in their order, then replace the updated rows.
    /// Empty arrays are written, never omitted.
    public func json(section: Int = 0) -> JSON {
        [
            "section": .int(Int64(section)),
            "count": .int(Int64(newCount)),
            "deleted": .array(deleted.map { .int(Int64($0)) }),
            "inserted": .array(inserted.map { ["index": .int(Int64($0)), "item": items[$0].json] }),
            "moved": .array(moved.map { ["from": .int(Int64($0.from)), "to": .int(Int64($0.to))] }),
            "updated": .array(updated.map { ["index": .int(Int64($0)), "item": items[$0].json] }),
        ]
    }
}

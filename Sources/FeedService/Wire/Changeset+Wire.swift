import Feed
import FeedModel
import JSON

extension Changeset where Item == FeedItem {
    /// The changes of section `section` for an incremental client, protocol/README.md section 9:
    /// `{"section", "count", "deleted", "inserted": [{index, item}], "moved": [{from, to}],
    /// "updated": [{index, item}]}`, every array written (empty or not), indices as in `Changeset`.
    func wireJSON(section: Int) -> JSON {
        [
            "section": .int(Int64(section)),
            "count": .int(Int64(newCount)),
            "deleted": .array(deleted.map { .int(Int64($0)) }),
            "inserted": .array(inserted.map { ["index": .int(Int64($0)), "item": items[$0].wireJSON] }),
            "moved": .array(moved.map { ["from": .int(Int64($0.from)), "to": .int(Int64($0.to))] }),
            "updated": .array(updated.map { ["index": .int(Int64($0)), "item": items[$0].wireJSON] }),
        ]
    }
}

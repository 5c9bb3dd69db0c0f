import Feed
import FeedModel
import JSON
import Reactive
import RPC

/// `updateItem {session, id, fields}`: a local edit of item `id` (a "liked" flag the front end
/// set): the nine fields a source maps by name, any other in the item as an extra field;
/// `null` clears one. Sent as an incremental change, applied to later pages and reloads, kept
/// in the store.
struct UpdateItemRequest: SessionRequest {
    typealias Response = EditOutcome
    static let method = "updateItem"
    let session: String, id: String, fields: JSONObject

    init(params: RPCParams) throws(RPCError) {
        session = try params.string("session")
        id = try params.string("id")
        fields = try params.members("fields")
        if let problem = FeedItem.patchProblem(fields) { throw .invalidParams(problem.reason, field: "fields.\(problem.field)") }
    }

    func serve(_ session: FeedSession) -> Single<EditOutcome> { session.viewModel.updateItem(id: id, fields: fields) }
}

/// `removeItem {session, id}`: hides item `id` for good, sent as an incremental change; no
/// later page or reload brings it back.
struct RemoveItemRequest: SessionRequest {
    typealias Response = EditOutcome
    static let method = "removeItem"
    let session: String, id: String

    init(params: RPCParams) throws(RPCError) { (session, id) = (try params.string("session"), try params.string("id")) }

    func serve(_ session: FeedSession) -> Single<EditOutcome> { session.viewModel.removeItem(id: id) }
}

extension EditOutcome: WireWritable {
    /// `{"revision", "found"}`.
    var wireJSON: JSON { ["revision": .int(Int64(revision)), "found": .bool(found)] }

    func encode(into writer: inout WireWriter) {
        writer.beginObject()
        writer.member("revision", revision)
        writer.member("found", found)
        writer.endObject()
    }
}

import Feed
import JSON
import Reactive
import RPC

/// `requestCommand {session, reload}`: the pull-down reload (`reload: true`) or the pull-up
/// load-more, answered with its `PageLoadResult` once the load ended and its notifications went
/// out. `{session, retry: true}` runs the failed load again with the same page (the reload if
/// the refresh state is `error`, else the load-more), answered with its result and
/// `"retried": true`, or with `{"retried": false}` at once when nothing failed; `{session, showNew:
/// true}` shows the new items a background reload announced (`newItems`), answered with the
/// list's state and `"shown"`.
struct RequestCommandRequest: SessionRequest {
    /// A load's result, or the answer to a retry.
    enum Response: WireWritable {
        case loaded(PageLoadResult)
        case retried(PageLoadResult?)

        var wireJSON: JSON {
            switch self {
            case .loaded(let result): return result.wireJSON
            case .retried(nil): return ["retried": false]
            case .retried(let result?):
                var object = result.wireJSON.objectValue ?? JSONObject()
                object["retried"] = true
                return .object(object)
            }
        }

        func encode(into writer: inout WireWriter) {
            switch self {
            case .loaded(let result):
                result.encode(into: &writer)
            case .retried(nil):
                writer.beginObject()
                writer.member("retried", false)
                writer.endObject()
            case .retried(let result?):
                writer.beginObject()
                result.encodeMembers(into: &writer)
                writer.member("retried", true)
                writer.endObject()
            }
        }
    }

    static let method = "requestCommand"
    let session: String, reload: Bool, retry: Bool, showNew: Bool

    init(params: RPCParams) throws(RPCError) {
        session = try params.string("session")
        retry = try params.optionalBool("retry") ?? false
        showNew = try params.optionalBool("showNew") ?? false
        reload = retry || showNew ? try params.optionalBool("reload") ?? false : try params.bool("reload")
    }

    func serve(_ session: FeedSession) -> Single<Response> {
        if retry { return session.viewModel.retry().map { .retried($0) } }
        return (showNew ? session.viewModel.showNew() : session.viewModel.request(reload: reload)).map { .loaded($0) }
    }
}

extension PageLoadResult: WireWritable {
    /// `{"revision", "count", "page", "hasMore"}`, then `duplicatesDropped` when the load dropped
    /// items whose id was already listed, `endReason` at the end of the list, `attempts` when the
    /// load took more than one, `warnings` when the page had any, and `shown` for `showNew`.
    var wireJSON: JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "revision", value: .int(Int64(revision)))
        object.appendUnchecked(key: "count", value: .int(Int64(count)))
        object.appendUnchecked(key: "page", value: .int(Int64(page)))
        object.appendUnchecked(key: "hasMore", value: .bool(hasMore))
        if duplicatesDropped > 0 { object["duplicatesDropped"] = .int(Int64(duplicatesDropped)) }
        if let endReason { object["endReason"] = .string(endReason.rawValue) }
        if attempts > 1 { object["attempts"] = .int(Int64(attempts)) }
        if !warnings.isEmpty { object["warnings"] = .array(warnings.map { .string($0) }) }
        if let shown { object.appendUnchecked(key: "shown", value: .int(Int64(shown))) }
        return .object(object)
    }

    func encode(into writer: inout WireWriter) {
        writer.beginObject()
        encodeMembers(into: &writer)
        writer.endObject()
    }

    /// The members of `wireJSON`, in its order, inside an object the caller opened.
    func encodeMembers(into writer: inout WireWriter) {
        writer.member("revision", revision)
        writer.member("count", count)
        writer.member("page", page)
        writer.member("hasMore", hasMore)
        if duplicatesDropped > 0 { writer.member("duplicatesDropped", duplicatesDropped) }
        if let endReason { writer.member("endReason", endReason.rawValue) }
        if attempts > 1 { writer.member("attempts", attempts) }
        if !warnings.isEmpty {
            writer.name("warnings")
            writer.beginArray()
            for warning in warnings { writer.value(warning) }
            writer.endArray()
        }
        if let shown { writer.member("shown", shown) }
    }
}

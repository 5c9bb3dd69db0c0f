import Feed
import JSON

extension RefreshStatus: WireEncodable {
    /// A RefreshStatus, flat (protocol/README.md section 5): `{"status": "none"}` or
    /// `{"status": "footerStatus", "isHidden": false, "isNoMoreData": true}`.
    var wireJSON: JSON {
        var object = JSONObject()
        appendWireMembers(to: &object)
        return .object(object)
    }

    /// The members of `wireJSON`, appended (after the `session` of a notification).
    func appendWireMembers(to object: inout JSONObject) {
        object.appendUnchecked(key: "status", value: .string(wireName))
        if case .footerStatus(let isHidden, let isNoMoreData) = self {
            object.appendUnchecked(key: "isHidden", value: .bool(isHidden))
            object.appendUnchecked(key: "isNoMoreData", value: .bool(isNoMoreData))
        }
    }

    /// The status's name (`"footerStatus"`, ...).
    private var wireName: String {
        switch self {
        case .none: return "none"
        case .beingHeaderRefresh: return "beingHeaderRefresh"
        case .endHeaderRefresh: return "endHeaderRefresh"
        case .beingFooterRefresh: return "beingFooterRefresh"
        case .endFooterRefresh: return "endFooterRefresh"
        case .noMoreData: return "noMoreData"
        case .footerStatus: return "footerStatus"
        }
    }
}

import JSON

/// The refresh controls' states (seeds 001 and 003, MJRefresh vocabulary).
public enum RefreshStatus: Sendable, Equatable {
    /// Nothing has loaded yet.
    case none
    /// A reload started: the header spins.
    case beingHeaderRefresh
    /// A reload ended, well or badly.
    case endHeaderRefresh
    /// A load-more started: the footer spins.
    case beingFooterRefresh
    /// A load-more ended and more pages remain (or it failed).
    case endFooterRefresh
    /// A load-more ended at the end of the list.
    case noMoreData
    /// Sent after every load: hide the footer when the list is empty, show "no more data" at the end.
    case footerStatus(isHidden: Bool, isNoMoreData: Bool)

    /// Whether the status concerns the header control (and so reaches only bindings with a header).
    public var concernsHeader: Bool { self == .beingHeaderRefresh || self == .endHeaderRefresh }

    /// Whether the status concerns the footer control.
    public var concernsFooter: Bool {
        switch self {
        case .beingFooterRefresh, .endFooterRefresh, .noMoreData, .footerStatus: return true
        default: return false
        }
    }

    /// The status's name on the wire (`"footerStatus"`, ...).
    public var name: String {
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

    /// The flat wire encoding: `{"status": "none"}` or
    /// `{"status": "footerStatus", "isHidden": false, "isNoMoreData": true}`.
    public var json: JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "status", value: .string(name))
        if case .footerStatus(let isHidden, let isNoMoreData) = self {
            object.appendUnchecked(key: "isHidden", value: .bool(isHidden))
            object.appendUnchecked(key: "isNoMoreData", value: .bool(isNoMoreData))
        }
        return .object(object)
    }
}

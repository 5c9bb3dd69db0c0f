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
}

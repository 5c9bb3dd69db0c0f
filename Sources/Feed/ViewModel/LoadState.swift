import FeedModel

/// The state of one type of load, refresh (reload) or append (load-more), as Android Paging's
/// `LoadState`: what a front end shows beside its spinner, its error with a Retry action, or
/// the reason the list ended.
public enum LoadState: Sendable, Equatable {
    /// No load of this type is running, and the last one (if any) succeeded.
    case idle
    /// A load is running: attempt `attempt` (1 for the first). While it waits to try again after
    /// a transient failure, `retry` says how long and what failed.
    case loading(attempt: Int, retry: RetryWait? = nil)
    /// The last load of this type failed; it stays until the next load of this type starts.
    case error(LoadFailure)
    /// The append only: the list has no next page, and why (`nil` when the source did not say).
    case endOfList(EndReason?)

    /// Whether this is an error that `retry` can run again.
    public var isError: Bool {
        if case .error = self { return true }
        return false
    }
}

/// A wait before the next attempt of a load.
public struct RetryWait: Sendable, Equatable {
    /// The wait, in seconds, from when it began.
    public var delay: Double
    /// The failure of the attempt before.
    public var lastError: FeedError

    /// A wait.
    public init(delay: Double, lastError: FeedError) {
        self.delay = delay
        self.lastError = lastError
    }
}

/// How a load failed, in the end.
public struct LoadFailure: Sendable, Equatable {
    /// The last attempt's failure.
    public var error: FeedError
    /// Whether trying again may succeed (a transient failure: a Retry action makes sense).
    public var retryable: Bool
    /// The attempts made.
    public var attempts: Int

    /// A failure.
    public init(error: FeedError, retryable: Bool, attempts: Int) {
        self.error = error
        self.retryable = retryable
        self.attempts = attempts
    }
}

/// Which of a view model's two load types: the refresh (reload) or the append (load-more).
public enum LoadType: Sendable, Equatable {
    case refresh, append
}

/// The refresh and append states together, and when the list was last reloaded.
public struct LoadStates: Sendable, Equatable {
    /// The reload's state (never `endOfList`).
    public var refresh: LoadState = .idle
    /// The load-more's state.
    public var append: LoadState = .idle
    /// When the last reload succeeded, in seconds since 1970 (MJRefresh's `lastUpdatedTimeKey`).
    public var lastUpdated: Double?

    /// Both idle, never reloaded.
    public init() {}

    /// The state of `type`'s loads.
    public subscript(type: LoadType) -> LoadState {
        get { type == .refresh ? refresh : append }
        set { if type == .refresh { refresh = newValue } else { append = newValue } }
    }
}

/// One refresh status with the load states as they were when it was emitted: what a
/// `refreshStatus` notification carries.
public struct RefreshUpdate: Sendable, Equatable {
    /// The MJRefresh-style status.
    public var status: RefreshStatus
    /// The load states.
    public var loads: LoadStates
    /// Set when the update only reports a retry of that load type (a wait beginning, or the
    /// next attempt starting): `status` is then the unchanged `footerStatus`, and the update
    /// reaches a binding with the control of that load type (the header for the refresh).
    public var retryOf: LoadType?

    /// An update.
    public init(status: RefreshStatus, loads: LoadStates, retryOf: LoadType? = nil) {
        self.status = status
        self.loads = loads
        self.retryOf = retryOf
    }

    /// Whether a binding of `header` and/or `footer` receives it.
    public func concerns(header: Bool, footer: Bool) -> Bool {
        switch retryOf {
        case .refresh?: return header
        case .append?: return footer
        case nil: return (status.concernsHeader && header) || (status.concernsFooter && footer)
        }
    }
}

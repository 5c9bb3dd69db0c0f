/// Why a list has no next page, as the source (or the view model's page limit) saw it on the
/// last page: what a front end shows in its footer when the end is not what the user expected.
public enum EndReason: String, Sendable, Equatable, CaseIterable {
    /// The page's has-more flag was false (or a next-URL or cursor page's flag said so).
    case hasMoreFalse
    /// The items loaded reached the total the page or a header gave.
    case totalReached
    /// The page had no items.
    case emptyPage
    /// The page had fewer items than the page size (no flag, total or link said more).
    case shortPage
    /// Next-URL paging: the page gave no next URL (nor a `Link` header's `rel="next"`).
    case noNextURL
    /// Cursor paging: the page gave no cursor.
    case noNextCursor
    /// The next URL or cursor names a page already loaded: following it would loop.
    case repeatedCursor
    /// The input's `maxPages` were loaded.
    case pageLimit
}

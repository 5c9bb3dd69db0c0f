import JSON
import Locking

/// The whole list of a source with `none` paging, as its first page read it: the pages after
/// the first are cut from it rather than asked for again. One list per source (a reload reads
/// it anew); a source that has none requests it again.
final class ListCache: Sendable {
    /// A list answer, read.
    struct Entry: Sendable {
        /// The answer.
        let json: JSON
        /// Its headers.
        let headers: [String: String]
        /// The URL it came from, after redirects.
        let pageURL: String
    }

    private let kept = Locked<(url: String, entry: Entry)?>(nil)

    /// The list requested from `url`, when it is the one kept.
    func entry(for url: String) -> Entry? {
        kept.withLock { $0?.url == url ? $0?.entry : nil }
    }

    /// Keeps `entry`, requested from `url`, in place of any other.
    func keep(_ entry: Entry, for url: String) {
        kept.withLock { $0 = (url, entry) }
    }
}

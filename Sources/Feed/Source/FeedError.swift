/// Why a feed operation failed.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A reload, a category switch or `dispose` superseded this load; its result was dropped.
    case cancelled
    /// The server answered with a failure: a non-2xx status, or an API error in the body
    /// (`"error": true`, a business code, an `errors` array). `message` is the server's when it
    /// gave one; `url` has its secrets redacted.
    case server(message: String, status: Int?, url: String?)
    /// The request never got an answer (connection refused, timeout, ...).
    case transport(message: String, url: String?)
    /// The answer was not in the shape the source expects.
    case decoding(message: String, url: String?)
    /// An image failed: too large, or not an image.
    case image(message: String, url: String?)
    /// A URL (of an image, or reached by a redirect) whose scheme may not be fetched.
    case refusedScheme(String, url: String)
    /// An index outside the list (`count` items).
    case invalidIndex(Int, count: Int)
    /// The item at this index has no image to load.
    case noImage(index: Int)

    /// The human-readable message, as shown in a `hud`.
    public var message: String {
        switch self {
        case .cancelled: return "Cancelled"
        case .invalidIndex(let index, let count): return "Index \(index) is outside the list of \(count) items"
        case .noImage(let index): return "Item \(index) has no image"
        case .refusedScheme(let scheme, let url):
            return "Refusing to fetch \(url): the \(scheme.isEmpty ? "scheme-less" : "'\(scheme)'") URL is not http or https"
        case .server(let message, _, _), .transport(let message, _), .decoding(let message, _), .image(let message, _):
            return message
        }
    }

    /// The HTTP status, when a response had one.
    public var status: Int? {
        if case .server(_, let status, _) = self { return status }
        return nil
    }

    /// The request URL without secrets, when known.
    public var url: String? {
        switch self {
        case .cancelled, .invalidIndex, .noImage: return nil
        case .server(_, _, let url), .transport(_, let url), .decoding(_, let url), .image(_, let url): return url
        case .refusedScheme(_, let url): return url
        }
    }

    public var description: String { message }
}

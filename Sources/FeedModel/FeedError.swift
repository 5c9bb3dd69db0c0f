/// Why a feed operation failed.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which limit or fault ended a load, as a stable token for programs (`data.reason`).
    public enum Reason: String, Sendable, Equatable, CaseIterable {
        /// The total deadline passed.
        case timedOut
        /// The body (after decoding) passed the cap.
        case bodyTooLarge
        /// The answer is not HTTP.
        case malformedResponse
        /// More redirects than allowed.
        case tooManyRedirects
        /// No connection, no name, no TLS, or the connection was lost.
        case connectionFailed
        /// No HTTP library could be loaded.
        case transportUnavailable
        /// The bytes are not an image of a known format.
        case notAnImage
        /// The image could not be written to the disk cache (unusable directory, disk full).
        case cacheUnavailable
        /// The item has no image to load.
        case noImage
        /// A library an image codec needs is not installed.
        case decoderUnavailable
        /// No codec decodes this format (GIF, BMP) or this file's feature (an animated WebP).
        case unsupportedFormat
        /// Decoding would make more pixels than allowed.
        case imageTooLarge
        /// The image's data ends before the image does.
        case truncatedImage
        /// The image's data is not valid for its format.
        case corruptImage
        /// Memory ran out while decoding.
        case outOfMemory
        /// The encoder refused the image.
        case encodingFailed
    }

    /// The system library a missing codec needs: its file and the package that installs it.
    public struct MissingLibrary: Sendable, Equatable {
        /// The file `dlopen` looked for, e.g. `libjpeg.so.62`.
        public var soname: String
        /// The Debian and Ubuntu package that installs it, e.g. `libjpeg62-turbo`.
        public var package: String

        /// A missing library.
        public init(soname: String, package: String) {
            self.soname = soname
            self.package = package
        }
    }

    /// The load was ended before it finished (a reload, an input switch, `dispose`, a cancelled
    /// image); its result, if any, was dropped.
    case cancelled(CancellationReason)
    /// The server answered with a failure: a non-2xx status, or an API error in the body
    /// (`"error": true`, a business code, an `errors` array). `message` is the server's when it
    /// gave one; `url` has its secrets redacted; `retryAfter` is the answer's `Retry-After`.
    case server(message: String, status: Int?, url: String?, retryAfter: RetryAfter? = nil)
    /// The request never got a usable answer (connection refused, timeout, body over the cap,
    /// not HTTP, ...); `reason` says which, when it is one of the known ones.
    case transport(message: String, url: String?, reason: Reason? = nil)
    /// The answer was not in the shape the source expects.
    case decoding(message: String, url: String?)
    /// An image failed: too large, not an image, or not cacheable.
    case image(message: String, url: String?, reason: Reason? = nil)
    /// An image could not be resized or transcoded; `library` names what to install when a
    /// codec's library is missing.
    case imageProcessing(message: String, url: String?, reason: Reason, library: MissingLibrary? = nil)
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
        case .server(let message, _, _, _), .transport(let message, _, _), .decoding(let message, _), .image(let message, _, _),
            .imageProcessing(let message, _, _, _):
            return message
        }
    }

    /// The HTTP status, when a response had one.
    public var status: Int? {
        if case .server(_, let status, _, _) = self { return status }
        return nil
    }

    /// The limit or fault that ended the load, when known.
    public var reason: Reason? {
        switch self {
        case .transport(_, _, let reason), .image(_, _, let reason): return reason
        case .noImage: return .noImage
        case .imageProcessing(_, _, let reason, _): return reason
        default: return nil
        }
    }

    /// The request URL without secrets, when known.
    public var url: String? {
        switch self {
        case .cancelled, .invalidIndex, .noImage: return nil
        case .server(_, _, let url, _), .transport(_, let url, _), .decoding(_, let url), .image(_, let url, _), .imageProcessing(_, let url, _, _):
            return url
        case .refusedScheme(_, let url): return url
        }
    }

    public var description: String { message }
}

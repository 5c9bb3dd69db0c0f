import Feed
import JSON
import RPC

/// The application error codes of protocol/README.md, section 10.
public enum FeedServiceErrorCode {
    /// The session id names no live session.
    public static let unknownSession = -32001
    /// A feed page failed to load.
    public static let loadFailed = -32002
    /// An image failed to load.
    public static let imageFailed = -32003
    /// A URL's scheme may not be fetched.
    public static let schemeRefused = -32004
    /// The process holds as many sessions as it may.
    public static let tooManySessions = -32005
}

/// Why a request of a session was cancelled: the `data.reason` of its -32800.
enum FeedCancellationReason: String {
    case superseded, inputChanged, disposed, imageCancelled
}

extension RPCError {
    /// -32001 for `session`.
    static func unknownSession(_ session: String) -> RPCError {
        .application(code: FeedServiceErrorCode.unknownSession, message: "Unknown session '\(session)'",
                     data: ["session": .string(session)])
    }

    /// -32005 when `limit` sessions are live.
    static func tooManySessions(limit: Int) -> RPCError {
        .application(code: FeedServiceErrorCode.tooManySessions,
                     message: "Too many sessions: at most \(limit) may be live at once; dispose one first",
                     data: ["limit": .int(Int64(limit))])
    }

    /// -32800 with a feed-specific reason.
    static func cancelled(_ reason: FeedCancellationReason) -> RPCError {
        .requestCancelled(reason.rawValue)
    }

    /// The error a failed page load is answered with.
    static func loadFailed(_ error: FeedError, cancellation reason: FeedCancellationReason) -> RPCError {
        switch error {
        case .cancelled:
            return .cancelled(reason)
        case .invalidIndex:
            return .invalidParams(error.message, field: "index")
        default:
            if let refused = schemeRefused(error) { return refused }
            var data = JSONObject()
            if let status = error.status { data["status"] = .int(Int64(status)) }
            if let url = error.url { data["url"] = .string(url) }
            return .application(code: FeedServiceErrorCode.loadFailed, message: error.message, data: .object(data))
        }
    }

    /// The error a failed image load of item `index` is answered with.
    static func imageFailed(_ error: FeedError, index: Int, cancellation reason: FeedCancellationReason) -> RPCError {
        switch error {
        case .cancelled:
            return .cancelled(reason)
        case .invalidIndex:
            return .invalidParams(error.message, field: "index")
        default:
            if let refused = schemeRefused(error) { return refused }
            var data = JSONObject([("index", JSON.int(Int64(index)))])
            if let url = error.url { data["url"] = .string(url) }
            if let status = error.status { data["status"] = .int(Int64(status)) }
            return .application(code: FeedServiceErrorCode.imageFailed, message: error.message, data: .object(data))
        }
    }

    /// -32004 when `error` is a refused URL scheme.
    private static func schemeRefused(_ error: FeedError) -> RPCError? {
        guard let scheme = error.refusedScheme else { return nil }
        var data = JSONObject([("scheme", JSON.string(scheme))])
        if let url = error.url { data["url"] = .string(url) }
        return .application(code: FeedServiceErrorCode.schemeRefused, message: error.message, data: .object(data))
    }
}

extension FeedError {
    /// The scheme of a URL that was refused for its scheme, when that is why this failed.
    var refusedScheme: String? {
        guard case .image(let message, let url?) = self, message.hasPrefix("Refusing to fetch") else { return nil }
        return url.split(separator: ":", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
    }

    /// `{"code", "message"}` for an `imageDownloaded` notification.
    func notificationJSON(index: Int) -> JSON {
        RPCError.imageFailed(self, index: index, cancellation: .imageCancelled).json
    }
}

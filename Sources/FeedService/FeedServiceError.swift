import Feed
import FeedModel
import FeedSources
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

    /// A bad `input` member: -32602 naming it with its path, or -32004 for a URL whose scheme
    /// is not http/https.
    static func invalidInput(_ error: FeedInputError) -> RPCError {
        guard let scheme = error.refusedScheme else { return .invalidParams(error.reason, field: error.field) }
        return .application(code: FeedServiceErrorCode.schemeRefused, message: "\(error.field) \(error.reason)", data: ["scheme": .string(scheme)])
    }

    /// The error a failed page load is answered with: -32002 `{status?, url?, reason?}`.
    static func loadFailed(_ error: FeedError) -> RPCError {
        feedFailure(error, code: FeedServiceErrorCode.loadFailed, data: JSONObject())
    }

    /// The error a failed image load of item `index` is answered with: -32003 `{index, url?, status?,
    /// reason?}`; `reason: "noImage"` for an item without an image.
    static func imageFailed(_ error: FeedError, index: Int) -> RPCError {
        feedFailure(error, code: FeedServiceErrorCode.imageFailed, data: JSONObject([("index", JSON.int(Int64(index)))]))
    }

    /// -32800 with the view model's reason for a cancellation, -32602 for a bad index, -32004
    /// for a refused scheme, else `code` with `data` plus the failure's status, URL and
    /// reason.
    private static func feedFailure(_ error: FeedError, code: Int, data: JSONObject) -> RPCError {
        switch error {
        case .cancelled(let reason):
            return .requestCancelled(reason.rawValue)
        case .invalidIndex:
            return .invalidParams(error.message, field: "index")
        case .refusedScheme(let scheme, let url):
            return .application(code: FeedServiceErrorCode.schemeRefused, message: error.message,
                                data: ["scheme": .string(scheme), "url": .string(url)])
        default:
            var data = data
            if let status = error.status { data["status"] = .int(Int64(status)) }
            if let url = error.url { data["url"] = .string(url) }
            if let reason = error.reason { data["reason"] = .string(reason.rawValue) }
            if case .imageProcessing(_, _, _, let library?) = error {
                data["library"] = .string(library.soname)
                data["package"] = .string(library.package)
            }
            return .application(code: code, message: error.message, data: .object(data))
        }
    }
}

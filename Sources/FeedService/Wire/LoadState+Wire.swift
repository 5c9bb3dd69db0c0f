import Feed
import FeedModel
import JSON
import RPC

extension LoadState: WireEncodable {
    /// A LoadState (protocol/README.md section 5): `{"state": "idle"}`,
    /// `{"state": "loading", "attempt": 2, "retryInMs"?: 180, "lastError"?: {...}}`,
    /// `{"state": "error", "code", "message", "status"?, "reason"?, "url"?, "retryable", "attempts"}`
    /// or `{"state": "endOfList", "reason"?: "shortPage"}`.
    var wireJSON: JSON {
        var object = JSONObject()
        switch self {
        case .idle:
            object.appendUnchecked(key: "state", value: "idle")
        case .loading(let attempt, let retry):
            object.appendUnchecked(key: "state", value: "loading")
            object.appendUnchecked(key: "attempt", value: .int(Int64(attempt)))
            if let retry {
                object.appendUnchecked(key: "retryInMs", value: .int(Int64((retry.delay * 1000).rounded())))
                object.appendUnchecked(key: "lastError", value: .object(Self.errorMembers(retry.lastError)))
            }
        case .error(let failure):
            object.appendUnchecked(key: "state", value: "error")
            for (key, value) in Self.errorMembers(failure.error) { object.appendUnchecked(key: key, value: value) }
            object.appendUnchecked(key: "retryable", value: .bool(failure.retryable))
            object.appendUnchecked(key: "attempts", value: .int(Int64(failure.attempts)))
        case .endOfList(let reason):
            object.appendUnchecked(key: "state", value: "endOfList")
            if let reason { object.appendUnchecked(key: "reason", value: .string(reason.rawValue)) }
        }
        return .object(object)
    }

    /// The error as the failed `requestCommand` is answered: `code`, `message`, and the members
    /// of its `data` (`status`, `url`, `reason`, or `scheme` for a refused URL).
    private static func errorMembers(_ error: FeedError) -> JSONObject {
        let answer = RPCError.loadFailed(error)
        var object = JSONObject()
        object.appendUnchecked(key: "code", value: .int(Int64(answer.code)))
        object.appendUnchecked(key: "message", value: .string(answer.message))
        if let data = answer.data?.objectValue {
            for (key, value) in data { object[key] = value }
        }
        return object
    }
}

extension RefreshUpdate: WireEncodable {
    /// The status's members, then `refresh`, `append` and, once a reload succeeded,
    /// `lastUpdated` (milliseconds since 1970).
    var wireJSON: JSON {
        var object = JSONObject()
        appendWireMembers(to: &object)
        return .object(object)
    }

    /// The members of `wireJSON`, appended (after the `session` of a notification).
    func appendWireMembers(to object: inout JSONObject) {
        status.appendWireMembers(to: &object)
        object.appendUnchecked(key: "refresh", value: loads.refresh.wireJSON)
        object.appendUnchecked(key: "append", value: loads.append.wireJSON)
        if let lastUpdated = loads.lastUpdated {
            object.appendUnchecked(key: "lastUpdated", value: .int(Int64((lastUpdated * 1000).rounded())))
        }
    }
}

extension LoadStates {
    /// Whether no state holds an error, whose message or URL could carry a secret.
    var isPlain: Bool {
        switch (refresh, append) {
        case (.error, _), (_, .error), (.loading(_, _?), _), (_, .loading(_, _?)): return false
        default: return true
        }
    }
}

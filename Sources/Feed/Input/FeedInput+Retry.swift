import FeedSources
import JSON

extension RetryPolicy {
    /// The input's `retry`: `false` (one attempt), `true` or absent (the defaults), or
    /// `{"maxAttempts": 1...10, "baseDelayMs": 0...60000, "maxDelayMs": 0...600000}` with each
    /// member optional (defaults 3, 250, 5000); any other member is `-32602` naming it.
    init(inputMember value: JSON?, field: String) throws(FeedInputError) {
        guard let value, !value.isNull else {
            self = .standard
            return
        }
        if let enabled = value.boolValue {
            self = enabled ? .standard : .never
            return
        }
        guard value.objectValue != nil else { throw FeedInputError(field: field, reason: "must be a boolean or an object") }
        let reader = try JSONFieldReader(value, prefix: field)
        try reader.rejectUnknownKeys(allowed: ["maxAttempts", "baseDelayMs", "maxDelayMs"])
        let standard = RetryPolicy.standard
        self.init(
            maxAttempts: try reader.int("maxAttempts", in: 1...10) ?? standard.maxAttempts,
            baseDelay: try reader.int("baseDelayMs", in: 0...60_000).map { Double($0) / 1000 } ?? standard.baseDelay,
            maxDelay: try reader.int("maxDelayMs", in: 0...600_000).map { Double($0) / 1000 } ?? standard.maxDelay)
    }
}

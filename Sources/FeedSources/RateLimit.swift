import JSON

/// A request budget: at most `burst` requests at once, refilled at `requestsPerSecond` (a
/// token bucket). A session's page and detail requests share it; a request over budget waits
/// its turn, in the order asked.
public struct RateLimit: Sendable, Equatable, Hashable {
    /// Requests per second, sustained.
    public var requestsPerSecond: Double
    /// Requests that may go at once after a pause.
    public var burst: Int

    /// A budget of `requestsPerSecond` with bursts of `burst`.
    public init(requestsPerSecond: Double, burst: Int = 1) {
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
    }

    /// Reads `{"requestsPerSecond", "burst"?}` at `field`.
    init(json: JSON, field: String) throws(FeedInputError) {
        let reader = try JSONFieldReader(json, prefix: field)
        try reader.rejectUnknownKeys(allowed: ["requestsPerSecond", "burst"])
        guard let rate = try reader.double("requestsPerSecond", in: 0.001...1000) else {
            throw FeedInputError(field: reader.path("requestsPerSecond"), reason: "is required")
        }
        self.init(requestsPerSecond: rate, burst: try reader.int("burst", in: 1...1000) ?? 1)
    }
}

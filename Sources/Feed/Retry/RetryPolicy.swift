import FeedModel

/// When and how often a failed page or image load is tried again: exponential backoff with
/// full jitter, capped, with an answer's `Retry-After` taking the place of the backoff (as
/// AWS's "Exponential Backoff and Jitter" and Airbyte's default error handler do).
///
/// Only transient failures are retried (`FeedError.isTransient`): connection failures,
/// timeouts, HTTP 408, 425, 429, 500, 502, 503 and 504. The wait before attempt `n + 1` is drawn
/// uniformly from `0...min(maxDelay, baseDelay × 2^(n-1))`; a `Retry-After` is waited instead,
/// up to the request deadline.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included: 1 never retries.
    public var maxAttempts: Int
    /// The backoff ceiling after the first failure, in seconds; it doubles with each attempt.
    public var baseDelay: Double
    /// The highest backoff ceiling, in seconds.
    public var maxDelay: Double

    /// A policy.
    public init(maxAttempts: Int, baseDelay: Double, maxDelay: Double) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Three attempts, from 250 ms, capped at 5 s: the input's `retry` default.
    public static let standard = RetryPolicy(maxAttempts: 3, baseDelay: 0.25, maxDelay: 5)
    /// One attempt: the input's `retry: false`.
    public static let never = RetryPolicy(maxAttempts: 1, baseDelay: 0, maxDelay: 0)

    /// The highest wait before the attempt after `attempt` (1 for the wait after the first):
    /// `min(maxDelay, baseDelay × 2^(attempt-1))`.
    public func ceiling(afterAttempt attempt: Int) -> Double {
        let doublings = min(max(attempt - 1, 0), 62)
        return min(maxDelay, baseDelay * Double(UInt64(1) << UInt64(doublings)))
    }

    /// The wait before trying again after attempt `attempt` failed with `failure`, or `nil`
    /// when it is not tried again (not transient, or no attempt left).
    ///
    /// `now` is the wall clock in seconds since 1970 (for a `Retry-After` date), `deadline` the
    /// longest `Retry-After` waited (the request deadline), `jitter` draws the backoff.
    public func delay(afterAttempt attempt: Int, failure: FeedError, now: Double, deadline: Double, jitter: Jitter) -> Double? {
        guard attempt < maxAttempts, failure.isTransient else { return nil }
        if let retryAfter = failure.retryAfter { return min(retryAfter.delay(now: now), deadline) }
        return jitter.draw(upTo: ceiling(afterAttempt: attempt))
    }
}

extension FeedError {
    /// Whether trying again may succeed: a connection failure, a timeout, or HTTP 408, 425, 429,
    /// 500, 502, 503 or 504. Other 4xx, mapping errors and refused URLs are not.
    public var isTransient: Bool {
        switch self {
        case .server(_, let status?, _, _): return Self.transientStatuses.contains(status)
        case .transport(_, _, let reason), .image(_, _, let reason): return reason == .connectionFailed || reason == .timedOut
        default: return false
        }
    }

    /// The HTTP statuses that say "try again later".
    public static let transientStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504]

    /// The answer's `Retry-After`, when it had one.
    public var retryAfter: RetryAfter? {
        if case .server(_, _, _, let retryAfter) = self { return retryAfter }
        return nil
    }
}

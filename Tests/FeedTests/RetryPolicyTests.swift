@testable import Feed
import FeedModel
import FeedSources
import XCTest

/// The backoff schedule alone: full jitter within its bounds, the cap, `Retry-After`, and what
/// is retried at all.
final class RetryPolicyTests: XCTestCase {
    private let transient = FeedError.http(503)
    private func delay(_ policy: RetryPolicy = .standard, after attempt: Int, _ failure: FeedError, now: Double = 0, deadline: Double = 12, seed: UInt64 = 1) -> Double? {
        policy.delay(afterAttempt: attempt, failure: failure, now: now, deadline: deadline, jitter: .seeded(seed))
    }

    func testTheCeilingDoublesFromTheBaseDelayUpToTheCap() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0.25, maxDelay: 5)
        XCTAssertEqual((1...8).map(policy.ceiling(afterAttempt:)), [0.25, 0.5, 1, 2, 4, 5, 5, 5])
        XCTAssertEqual(policy.ceiling(afterAttempt: 500), 5, "no overflow however many attempts")
    }

    func testFullJitterDrawsAcrossTheWholeRangeUnderTheCeiling() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0.25, maxDelay: 5)
        let jitter = Jitter.seeded(42)
        for attempt in 1...9 {
            let ceiling = policy.ceiling(afterAttempt: attempt)
            let draws = (0..<2000).map { _ in policy.delay(afterAttempt: attempt, failure: transient, now: 0, deadline: 12, jitter: jitter)! }
            XCTAssertTrue(draws.allSatisfy { (0...ceiling).contains($0) }, "attempt \(attempt)")
            // Full jitter, not "equal jitter": waits near 0 and near the ceiling both happen.
            XCTAssertLessThan(draws.min()!, ceiling * 0.05)
            XCTAssertGreaterThan(draws.max()!, ceiling * 0.95)
            XCTAssertEqual(draws.reduce(0, +) / Double(draws.count), ceiling / 2, accuracy: ceiling * 0.05)
        }
    }

    func testASeededJitterReplaysTheSameWaits() {
        XCTAssertEqual(delay(after: 2, transient, seed: 9), delay(after: 2, transient, seed: 9))
        XCTAssertNotEqual(delay(after: 2, transient, seed: 9), delay(after: 2, transient, seed: 10))
    }

    func testRetryAfterInSecondsReplacesTheBackoff() {
        XCTAssertEqual(delay(after: 1, .http(429, retryAfter: .seconds(1))), 1)
        XCTAssertEqual(delay(after: 1, .http(503, retryAfter: .seconds(0))), 0)
    }

    func testRetryAfterAsADateWaitsUntilThenFromTheWallClock() {
        let date = RetryAfter(header: "Wed, 21 Oct 2015 07:28:00 GMT")
        XCTAssertEqual(date, .date(1_445_412_480))
        XCTAssertEqual(delay(after: 1, .http(503, retryAfter: date), now: 1_445_412_477.5), 2.5)
        XCTAssertEqual(delay(after: 1, .http(503, retryAfter: date), now: 1_445_412_490), 0, "a date in the past: at once")
    }

    func testRetryAfterIsCappedByTheRequestDeadline() {
        XCTAssertEqual(delay(after: 1, .http(429, retryAfter: .seconds(3600)), deadline: 12), 12)
        XCTAssertEqual(delay(after: 1, .http(429, retryAfter: .seconds(3600)), deadline: 0.5), 0.5)
    }

    func testOnlyTransientFailuresAreRetried() {
        for status in [408, 425, 429, 500, 502, 503, 504] { XCTAssertNotNil(delay(after: 1, .http(status)), "\(status)") }
        for status in [400, 401, 403, 404, 410, 422, 501, 505] { XCTAssertNil(delay(after: 1, .http(status)), "\(status)") }
        XCTAssertNotNil(delay(after: 1, .transport(message: "reset", url: nil, reason: .connectionFailed)))
        XCTAssertNotNil(delay(after: 1, .transport(message: "slow", url: nil, reason: .timedOut)))
        XCTAssertNil(delay(after: 1, .transport(message: "huge", url: nil, reason: .bodyTooLarge)))
        XCTAssertNil(delay(after: 1, .transport(message: "Not a valid URL", url: nil)))
        XCTAssertNil(delay(after: 1, .decoding(message: "The answer is not JSON", url: nil)))
        XCTAssertNil(delay(after: 1, .server(message: "Unexpected code 7", status: 200, url: nil)), "a business code on a 200")
        XCTAssertNil(delay(after: 1, .cancelled(.superseded)))
    }

    func testNoAttemptIsMadeBeyondMaxAttempts() {
        XCTAssertNotNil(delay(after: 2, transient))
        XCTAssertNil(delay(after: 3, transient))
        XCTAssertNil(delay(.never, after: 1, transient))
    }

    func testRetryAfterHeaderForms() {
        XCTAssertEqual(RetryAfter(header: "120"), .seconds(120))
        XCTAssertEqual(RetryAfter(header: " 7 "), .seconds(7))
        XCTAssertEqual(RetryAfter(header: "Sun, 06 Nov 1994 08:49:37 GMT"), .date(784_111_777))
        XCTAssertEqual(RetryAfter(header: "Sunday, 06-Nov-94 08:49:37 GMT"), .date(784_111_777))
        XCTAssertEqual(RetryAfter(header: "Sun Nov  6 08:49:37 1994"), .date(784_111_777))
        for bad in ["", "-1", "1.5", "soon", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT"] {
            XCTAssertNil(RetryAfter(header: bad), bad)
        }
    }

    func testTheInputsRetryMember() throws {
        XCTAssertEqual(try FeedInput(json: [:]).retryPolicy, .standard)
        XCTAssertEqual(try FeedInput(json: ["retry": true]).retryPolicy, .standard)
        XCTAssertEqual(try FeedInput(json: ["retry": false]).retryPolicy, .never)
        XCTAssertEqual(
            try FeedInput(json: ["retry": ["maxAttempts": 5, "baseDelayMs": 100, "maxDelayMs": 2000]]).retryPolicy,
            RetryPolicy(maxAttempts: 5, baseDelay: 0.1, maxDelay: 2))
        XCTAssertEqual(try FeedInput(json: ["retry": ["maxAttempts": 2]]).retryPolicy, RetryPolicy(maxAttempts: 2, baseDelay: 0.25, maxDelay: 5))
        XCTAssertThrowsError(try FeedInput(json: ["retry": ["maxAttempts": 0]])) { XCTAssertEqual(($0 as! FeedInputError).field, "input.retry.maxAttempts") }
        XCTAssertThrowsError(try FeedInput(json: ["retry": ["attempts": 2]])) { XCTAssertEqual(($0 as! FeedInputError).field, "input.retry.attempts") }
        XCTAssertThrowsError(try FeedInput(json: ["retry": 3])) { XCTAssertEqual(($0 as! FeedInputError).field, "input.retry") }
        XCTAssertThrowsError(try FeedInput(json: ["maxPages": 0])) { XCTAssertEqual(($0 as! FeedInputError).field, "input.maxPages") }
    }
}

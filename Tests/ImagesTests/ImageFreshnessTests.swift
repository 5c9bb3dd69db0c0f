import Foundation
@testable import Images
import XCTest

final class ImageFreshnessTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testMaxAgeIsCappedByThePolicyAndAgeCounts() {
        let week: TimeInterval = 604_800
        XCTAssertEqual(ImageFreshness(headers: ["cache-control": "public, max-age=3600"], receivedAt: now, maxAge: week).expires, now + 3600)
        XCTAssertEqual(ImageFreshness(headers: ["Cache-Control": "max-age=\"60\""], receivedAt: now, maxAge: week).expires, now + 60)
        XCTAssertEqual(ImageFreshness(headers: ["Cache-Control": "max-age=99999999"], receivedAt: now, maxAge: week).expires, now + week)
        XCTAssertEqual(ImageFreshness(headers: [:], receivedAt: now, maxAge: 300).expires, now + 300, "no max-age: the policy's")
        XCTAssertEqual(ImageFreshness(headers: ["Cache-Control": "max-age=100", "Age": "40"], receivedAt: now, maxAge: week).expires, now + 60)
        XCTAssertEqual(ImageFreshness(headers: ["Cache-Control": "no-cache, max-age=100"], receivedAt: now, maxAge: week).expires, now)
        XCTAssertEqual(ImageFreshness(headers: ["Cache-Control": "no-store"], receivedAt: now, maxAge: week).expires, now)
        XCTAssertEqual(ImageFreshness(headers: ["Cache-Control": "max-age=-5, max-age=abc"], receivedAt: now, maxAge: 10).expires, now + 10)
    }

    func testValidatorsAreKeptAndSentBack() {
        let freshness = ImageFreshness(
            headers: ["ETag": "W/\"abc\"", "Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT"], receivedAt: now, maxAge: 10)
        XCTAssertEqual(freshness.conditionalHeaders, ["If-None-Match": "W/\"abc\"", "If-Modified-Since": "Wed, 21 Oct 2026 07:28:00 GMT"])
        XCTAssertNil(ImageFreshness(headers: ["ETag": "a\r\nX-Evil: 1"], receivedAt: now, maxAge: 10).etag, "never a header line of its own")
    }

    func testA304RenewsTheLifetimeAndKeepsValidatorsItDoesNotRepeat() {
        let old = ImageFreshness(expires: now, etag: "\"v1\"", lastModified: "yesterday")
        let renewed = old.renewed(by: ["Cache-Control": "max-age=30", "ETag": "\"v2\""], at: now + 100, maxAge: 1000)
        XCTAssertEqual(renewed, ImageFreshness(expires: now + 130, etag: "\"v2\"", lastModified: "yesterday"))
        XCTAssertFalse(renewed.isFresh(at: now + 130))
        XCTAssertTrue(renewed.isFresh(at: now + 129))
    }
}

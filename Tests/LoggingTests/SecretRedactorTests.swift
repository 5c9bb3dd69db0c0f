import XCTest
@testable import Logging

final class SecretRedactorTests: XCTestCase {
    func testASecretIsReplacedInEveryFormItTravelsIn() {
        let secrets = SecretRedactor()
        secrets.insert("AK/by+value=9 \"é\"")
        for text in [
            "raw AK/by+value=9 \"é\" end",
            "path /v1/AK%2Fby%2Bvalue%3D9%20%22%C3%A9%22/items",
            "lower /v1/AK%2fby%2bvalue%3d9%20%22%c3%a9%22/items",
            "form q=AK%2Fby%2Bvalue%3D9+%22%C3%A9%22&x=1",
            #"json {"accessKey":"AK/by+value=9 \"é\""}"#,
            #"python {"accessKey": "AK/by+value=9 \"\u00e9\""}"#,
        ] {
            let redacted = secrets.redact(text)
            XCTAssertTrue(redacted.contains(SecretRedactor.placeholder), text)
            XCTAssertFalse(redacted.contains("by"), "\(text) -> \(redacted)")
        }
        XCTAssertEqual(secrets.redact("nothing secret here"), "nothing secret here")
        XCTAssertEqual(secrets.redact(bytes: Array("x AK/by+value=9 \"é\" y".utf8)), Array("x REDACTED y".utf8))
    }

    func testEveryOccurrenceIsReplacedAndTheRestKept() {
        let secrets = SecretRedactor()
        secrets.insert("TOKEN-123456")
        XCTAssertEqual(secrets.redact("a TOKEN-123456 b TOKEN-123456TOKEN-123456 c"), "a REDACTED b REDACTEDREDACTED c")
    }

    func testShortValuesAreHiddenOnlyWhereTheyStandAlone() {
        let secrets = SecretRedactor()
        secrets.insert("1")
        XCTAssertEqual(secrets.redact("HTTP 401 from 127.0.0.1"), "HTTP 401 from 127.0.0.1", "a short value would blank every digit")
        XCTAssertEqual(secrets.redact(value: "1"), SecretRedactor.placeholder)
        XCTAssertEqual(secrets.redact(value: "10"), "10")
    }

    func testASecretStaysUntilItsLastHolderRemovesIt() {
        let secrets = SecretRedactor()
        secrets.insert("shared-key-0042")
        secrets.insert("shared-key-0042")
        secrets.remove("shared-key-0042")
        XCTAssertEqual(secrets.redact("k=shared-key-0042"), "k=REDACTED")
        secrets.remove("shared-key-0042")
        XCTAssertEqual(secrets.redact("k=shared-key-0042"), "k=shared-key-0042")
        XCTAssertTrue(secrets.isEmpty)
    }

    func testALoggerRedactsEveryLineAtEveryLevel() {
        let secrets = SecretRedactor()
        secrets.insert("s3cr3t-value")
        let lines = LockedLines()
        let logger = Logger(level: .trace, label: "t", redactor: secrets) { lines.append($0) }
        for level in Logger.Level.allCases where level != .off {
            logger.log(level, "header X-Innocent: s3cr3t-value")
        }
        logger.labelled("network").log(.trace, "GET https://h/v1/s3cr3t-value")
        XCTAssertEqual(lines.all.count, 6)
        XCTAssertFalse(lines.all.contains { $0.contains("s3cr3t") }, "\(lines.all)")
    }
}

/// Lines a test sink collected, from any thread.
private final class LockedLines: @unchecked Sendable {
    // Safety: `lines` is only touched while holding `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

import FeedService
import Foundation
import JSON
import XCTest

/// `transform` reads and checks its input off the reader's thread, within the template limits:
/// no config, however large, holds up another session's requests.
final class TransformCheckTests: XCTestCase {
    func testAConfigBeingCheckedHoldsUpNoOtherRequest() {
        let checking = DispatchQueue(label: "test.transform.check")
        checking.suspend()  // the check takes as long as this test wants
        let harness = FeedServiceHarness(inputChecking: checking)
        let transform = harness.send("transform", ["input": ["source": "stub"]])
        let ping = harness.send("ping", [:])
        XCTAssertEqual(harness.response(to: ping)["result"], [:], "answered while the transform is being checked")
        checking.resume()
        XCTAssertNotNil(harness.response(to: transform)[keyPath: "result.session"]?.stringValue)
    }

    func testTemplatesOverTheLimitsAreRefusedNamingTheMember() {
        let harness = FeedServiceHarness()
        let unclosed = String(repeating: "{", count: 30_000) + "x}"
        let pairs = String(repeating: "{a{b}", count: 20_000)
        for (custom, field, reason) in [
            (["url": .string("https://api.test/" + unclosed), "fields": ["id": "id"]] as JSON,
             "input.custom.url", "is 30019 bytes long; a template may have at most 8192"),
            (["url": "https://api.test/", "fields": ["id": "id", "title": .string(pairs)]],
             "input.custom.fields.title", "is 100000 bytes long; a template may have at most 8192"),
        ] {
            let exchange = harness.call("transform", ["input": ["source": "custom", "custom": custom]])
            XCTAssertEqual(exchange.errorCode, -32602)
            XCTAssertEqual(exchange.response[keyPath: "error.data"], ["field": .string(field), "reason": .string(reason)])
        }
        XCTAssertEqual(harness.call("ping", [:]).result, [:])
    }

    func testABaseURLThatCanNeverMakeAURLIsRefusedShowingIt() {
        let harness = FeedServiceHarness()
        let exchange = harness.call("transform", ["input": ["source": "custom", "baseURL": "http://exa mple.test/api", "accessKey": "AK-73f9e1c2",
                                                            "custom": ["url": "{baseURL}photos?key={accessKey}", "fields": ["id": "id"]]]])
        XCTAssertEqual(exchange.errorCode, -32602)
        XCTAssertEqual(exchange.response[keyPath: "error.data.field"], "input.baseURL")
        XCTAssertEqual(exchange.response[keyPath: "error.data.reason"], #"is not a URL with a host: "http://exa mple.test/api""#)
    }
}

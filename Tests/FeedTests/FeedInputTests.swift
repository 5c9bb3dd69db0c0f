@testable import Feed
import FeedSources
import JSON
import XCTest

/// Reading and checking `transform`'s input.
final class FeedInputTests: XCTestCase {
    private func error(_ json: JSON) -> FeedInputError? {
        do {
            _ = try FeedInput(json: json)
            return nil
        } catch { return error }
    }

    func testDefaultsAreTheStubCatalogInPagesOfTen() throws {
        let input = try FeedInput(json: [:])
        XCTAssertEqual(input.source, .stub)
        XCTAssertEqual(input.category, "all")
        XCTAssertEqual(input.pageSize, 10)
        XCTAssertEqual(input.total, 95)
        XCTAssertEqual(input.prefetchDistance, 3)
    }

    func testBadFieldsAreNamed() {
        XCTAssertEqual(error(["pageSize": 0])?.field, "input.pageSize")
        XCTAssertEqual(error(["pageSize": "ten"])?.field, "input.pageSize")
        XCTAssertEqual(error(["source": "myspace"])?.field, "input.source")
        XCTAssertEqual(error(["category": "cats"])?.field, "input.category")
        XCTAssertEqual(error(["source": "unsplash"])?.field, "input.accessKey")
        XCTAssertEqual(error(["source": "envelope"])?.field, "input.baseURL")
        XCTAssertEqual(error(["source": "gank", "baseURL": "ftp://x/"])?.field, "input.baseURL")
        XCTAssertEqual(error(["source": "custom"])?.field, "input.custom")
        XCTAssertEqual(error(["source": "custom", "custom": ["url": "https://x/"]])?.field, "input.custom.fields")
        XCTAssertEqual(error(["source": "custom", "custom": ["url": "https://x/", "fields": ["title": "t"]]])?.field, "input.custom.fields.id")
        XCTAssertEqual(error(["source": "custom", "custom": ["url": "https://x/", "paging": "cursor", "fields": ["id": "id"]]])?.field, "input.custom.nextCursor")
        XCTAssertEqual(error(["headers": ["uid": true]])?.field, "input.headers.uid")
        XCTAssertEqual(error(["headers": ["uid": 7]])?.field, "input.headers.uid")
        XCTAssertEqual(error(["headers": ["uid": "1\r\nX-Injected: 1"]])?.field, "input.headers.uid")
        XCTAssertEqual(error(["headers": ["X-A\r\nX-Injected": "1"]])?.field, "input.headers")
        XCTAssertEqual(error(["headers": ["Bad Name": "1"]])?.field, "input.headers")
        XCTAssertEqual(error(["source": "custom", "custom": ["url": "https://x/", "headers": ["a:b": "1"], "fields": ["id": "id", "imageURL": "u"]]])?.field, "input.custom.headers")
        XCTAssertEqual(error(["source": "custom", "custom": ["url": "file:///x", "fields": ["id": "id", "imageURL": "u"]]])?.field, "input.custom.url")
        XCTAssertEqual(error(["source": "envelope", "baseURL": "https://x/", "auth": ["token": "t"]])?.field, "input.auth.refreshURL")
        XCTAssertEqual(error("stub")?.field, "input")
    }

    func testCommonHeadersReachTheRequests() throws {
        let input = try FeedInput(json: ["source": "envelope", "baseURL": "https://api.test/list", "headers": ["uid": "7", "token": "abc"]])
        XCTAssertEqual(input.config.headers(for: input.pageRequest(index: 0, cursor: nil), context: input.context), ["uid": "7", "token": "abc"])
        XCTAssertEqual(input.config.url(for: input.pageRequest(index: 0, cursor: nil), context: input.context), "https://api.test/list?category=all&page=1&pageSize=10")
    }

    func testAnInputsSecretsAreItsKeyHeaderValuesAndToken() throws {
        let input = try FeedInput(json: [
            "source": "unsplash", "accessKey": "AK-1", "headers": ["Authorization": "Bearer tok-123456", "uid": "7"],
        ])
        XCTAssertEqual(Set(input.secrets), ["AK-1", "Bearer tok-123456", "tok-123456", "7"], "the preset's `Client-ID {accessKey}` template is not one")
        let envelope = try FeedInput(json: ["source": "envelope", "baseURL": "https://x/", "auth": ["token": "t0", "refreshURL": "https://x/t"]])
        XCTAssertEqual(envelope.secrets, ["t0"])
    }

    func testInputHeadersKeepUnknownPlaceholdersAsWritten() throws {
        let input = try FeedInput(json: ["source": "custom", "headers": ["X-Raw": "{notAPlaceholder}"], "custom": ["url": "https://api.test/", "fields": ["id": "id"]]])
        XCTAssertEqual(input.config.headers(for: input.pageRequest(index: 0, cursor: nil), context: input.context), ["X-Raw": "{notAPlaceholder}"])
    }
}

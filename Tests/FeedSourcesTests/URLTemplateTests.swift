import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// How a page's URL is made: `baseURL` and the path joined with one slash, escapes written in a
/// template kept (only substituted values are encoded), and URLs that can never be made refused
/// when the input is read.
final class URLTemplateTests: XCTestCase {
    private func url(_ template: String, baseURL: String, query: [String: String] = [:], category: String = "all") throws -> String {
        var custom: JSON = ["url": .string(template), "fields": ["id": "id"]]
        if !query.isEmpty { custom[keyPath: "query"] = .object(JSONObject(query.map { ($0.key, JSON.string($0.value)) })) }
        let config = try SourceConfig(json: custom, field: "input.custom")
        return config.url(for: PageRequest(index: 0, pageSize: 10, category: category), context: .init(baseURL: baseURL))
    }

    func testBaseURLAndPathAreJoinedWithOneSlashWhateverEitherSideHas() throws {
        for base in ["http://localhost:8080", "http://localhost:8080/"] {
            for path in ["{baseURL}photos", "{baseURL}/photos"] {
                XCTAssertEqual(try url(path, baseURL: base), "http://localhost:8080/photos", "\(base) + \(path)")
            }
        }
        XCTAssertEqual(try url("{baseURL}v2/list", baseURL: "https://api.test/api"), "https://api.test/api/v2/list")
        XCTAssertEqual(try url("{baseURL}{category}/new.json", baseURL: "https://www.reddit.test/r", category: "pics"), "https://www.reddit.test/r/pics/new.json")
        XCTAssertEqual(try url("{baseURL}", baseURL: "https://api.test/list?x=1"), "https://api.test/list?x=1", "nothing to join")
        XCTAssertEqual(try url("{baseURL}?page={page}", baseURL: "https://api.test/list"), "https://api.test/list?page=1", "a query is appended as is")
        XCTAssertEqual(try url("{baseURL}items?b=2", baseURL: "https://api.test/v1?key=k"), "https://api.test/v1/items?key=k&b=2", "the base's query stays")
    }

    func testEscapesInTheTemplateAreKeptAndOnlyValuesAreEncoded() throws {
        // Failing-first: `[` made Foundation encode the whole URL again, `%C3%A9` becoming `%25C3%25A9`.
        XCTAssertEqual(try url("https://search.test/s?x=[1]&lookfor=caf%C3%A9", baseURL: ""), "https://search.test/s?x=%5B1%5D&lookfor=caf%C3%A9")
        XCTAssertEqual(try url("https://api.test/items?filter[]=a&page[size]={pageSize}", baseURL: ""),
                       "https://api.test/items?filter%5B%5D=a&page%5Bsize%5D=10")
        XCTAssertEqual(try url("https://api.test/{category}/café 50%", baseURL: "", category: "a/b"), "https://api.test/a%2Fb/caf%C3%A9%2050%25",
                       "values are encoded once; a % that starts no escape is one")
        XCTAssertEqual(try url("https://[::1]:8080/a#b#c", baseURL: ""), "https://[::1]:8080/a#b%23c", "an IPv6 host keeps its brackets")
        let config = try SourceConfig(json: ["url": "https://api.test/s?q=caf%C3%A9&x=[1]", "fields": ["id": "id"]], field: "input.custom")
        let sent = URLText.url(config.url(for: PageRequest(index: 0, pageSize: 1, category: "all"), context: .init(baseURL: "")))
        XCTAssertEqual(sent?.absoluteString, "https://api.test/s?q=caf%C3%A9&x=%5B1%5D", "what the transport is given")
    }

    func testURLsThatCanNeverBeMadeAreRefusedNamingTheMember() throws {
        func check(_ custom: JSON, baseURL: String) throws(FeedInputError) {
            try SourceConfig(json: custom, field: "input.custom").checkURLs(context: .init(baseURL: baseURL), category: "all", pageSize: 10, field: "input.custom")
        }
        let photos: JSON = ["url": "{baseURL}photos", "fields": ["id": "id"]]
        XCTAssertNoThrow(try check(photos, baseURL: "http://localhost:8080"))
        XCTAssertThrowsError(try check(photos, baseURL: "")) { XCTAssertEqual(($0 as? FeedInputError)?.field, "input.baseURL") }
        XCTAssertThrowsError(try check(photos, baseURL: "http://")) { error in
            XCTAssertEqual((error as? FeedInputError)?.description, #"input.baseURL: is not a URL with a host: "http://""#)
        }
        XCTAssertThrowsError(try check(["url": "https:///photos", "fields": ["id": "id"]], baseURL: "")) { error in
            XCTAssertEqual((error as? FeedInputError)?.description, #"input.custom.url: does not make a URL with a host: "https:///photos""#)
        }
        XCTAssertThrowsError(try check(photos, baseURL: "https://ann:pw@exa mple.test/?api_key=AK")) { error in
            XCTAssertEqual((error as? FeedInputError)?.description, #"input.baseURL: is not a URL with a host: "https://exa mple.test/?api_key=REDACTED""#,
                           "only the secrets are hidden")
        }
    }
}

extension URLTemplateTests {
    func testAURLThatCannotBeRequestedIsShownWithOnlyItsSecretsHidden() throws {
        let harness = try SourceHarness(["url": "{baseURL}items", "paging": "next", "nextURL": "next", "items": "items", "fields": ["id": "id"]]) { _ in
            SourceHarness.json(["items": [["id": 1]], "next": "http://exa mple.test/items?access_key=AK-9f3c2e71&page=2"])
        }
        let first = try harness.load(PageRequest(index: 0, pageSize: 1, category: "all")).get()
        let failure = harness.load(PageRequest(index: 1, pageSize: 1, category: "all", cursor: first.nextCursor)).failure
        XCTAssertEqual(failure?.message, "Not a valid URL: http://exa mple.test/items?access_key=REDACTED&page=2")
        XCTAssertEqual(failure?.url, "http://exa mple.test/items?access_key=REDACTED&page=2")
    }
}

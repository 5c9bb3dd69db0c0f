import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Why a list ends, and the warnings about key paths a first page lacks.
final class EndReasonTests: XCTestCase {
    private func config(_ custom: JSON) throws -> SourceConfig {
        var members = custom.objectValue!
        members["url"] = "https://api.test/items"
        if members["fields"] == nil { members["fields"] = ["id": "id"] }
        return try SourceConfig(json: .object(members), field: "input.custom")
    }

    private func page(_ config: SourceConfig, _ body: JSON, headers: [String: String] = [:], index: Int = 0, cursor: String? = nil, url: String = "https://api.test/items") throws -> FeedPage {
        try config.page(
            body: body.serialized(), statusCode: 200, headers: headers,
            request: PageRequest(index: index, pageSize: 3, category: "all", cursor: cursor), url: url)
    }

    private let three: JSON = [["id": "1"], ["id": "2"], ["id": "3"]]

    func testEachRuleNamesItsReason() throws {
        let plain = try config(["items": "items"])
        XCTAssertEqual(try page(plain, ["items": []]).endReason, .emptyPage)
        XCTAssertEqual(try page(plain, ["items": [["id": "1"]]]).endReason, .shortPage)
        XCTAssertNil(try page(plain, ["items": three]).endReason)

        let flagged = try config(["items": "items", "hasMore": "more"])
        XCTAssertEqual(try page(flagged, ["items": three, "more": false]).endReason, .hasMoreFalse)
        XCTAssertNil(try page(flagged, ["items": three, "more": true]).endReason)

        let counted = try config(["items": "items", "total": "total"])
        XCTAssertEqual(try page(counted, ["items": three, "total": 6], index: 1).endReason, .totalReached)

        let linked = try config(["items": "items", "linkHeader": true])
        XCTAssertEqual(try page(linked, ["items": three], headers: ["Link": #"<https://api.test/items?page=1>; rel="prev""#]).endReason, .noNextURL)

        let cursor = try config(["items": "items", "paging": "cursor", "nextCursor": "next", "query": ["c": "{cursor}"]])
        XCTAssertEqual(try page(cursor, ["items": three, "next": nil]).endReason, .noNextCursor)
        XCTAssertEqual(try page(cursor, ["items": three, "next": "abc"], index: 1, cursor: "abc").endReason, .repeatedCursor)

        let next = try config(["items": "items", "paging": "next", "nextURL": "next"])
        XCTAssertEqual(try page(next, ["items": three, "next": nil]).endReason, .noNextURL)
        XCTAssertEqual(try page(next, ["items": three, "next": "https://api.test/items"]).endReason, .repeatedCursor)
    }

    func testAMisspeltKeyPathOnANonEmptyFirstPageIsAWarning() throws {
        let next = try config(["items": "results", "paging": "next", "nextURL": "next"])
        let first = try page(next, ["results": three, "nxet": "https://api.test/items?page=2"])
        XCTAssertEqual(first.warnings, ["nextURL 'next' is not in the page; the list ends after page 1"])
        XCTAssertEqual(first.endReason, .noNextURL)
        XCTAssertEqual(try page(next, ["results": three, "next": nil]).warnings, [], "present but null: the API says there is no next page")
        XCTAssertEqual(try page(next, ["results": []]).warnings, [], "an empty first page says nothing about the keys")

        let both = try config(["items": "items", "hasMore": "meta.more", "total": ["meta.total", "count"]])
        XCTAssertEqual(try page(both, ["items": three]).warnings, [
            "hasMore 'meta.more' is not in the page", "total 'meta.total', 'count' is not in the page",
        ])
        XCTAssertEqual(try page(both, ["items": three, "count": 9, "meta": ["more": true]]).warnings, [])
        XCTAssertEqual(try page(both, ["items": three], index: 1).warnings, [], "only the first page is checked")

        let cursor = try config(["items": "items", "paging": "cursor", "nextCursor": "paging.after", "query": ["c": "{cursor}"]])
        XCTAssertEqual(try page(cursor, ["items": three]).warnings, ["nextCursor 'paging.after' is not in the page; the list ends after page 1"])
    }
}

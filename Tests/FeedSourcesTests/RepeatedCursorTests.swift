import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// A next URL or cursor that names any page already loaded in this list ends it (end reason
/// `repeatedCursor`, with a warning), not only one naming the page just loaded: a config that
/// follows the wrong link would otherwise load pages 1, 2, 1, 2, ... for ever.
final class RepeatedCursorTests: XCTestCase {
    func testANextURLBackToTheFirstPageEndsTheList() throws {
        let harness = try SourceHarness(["url": "{baseURL}photos", "query": ["size": "{pageSize}"], "paging": "next", "nextURL": "links.other", "items": "data", "fields": ["id": "id"]]) { request in
            // The config reads the wrong link: page 2's "other" is the first page again.
            request.url.absoluteString.hasSuffix("page=2")
                ? SourceHarness.json(["data": [["id": 3], ["id": 4]], "links": ["other": "/photos?size=2"]])
                : SourceHarness.json(["data": [["id": 1], ["id": 2]], "links": ["other": "/photos?size=2&page=2"]])
        }
        let pages = try harness.loadAll(pageSize: 2)
        XCTAssertEqual(pages.count, 2)
        XCTAssertEqual(pages.flatMap(\.items).map(\.id), ["1", "2", "3", "4"])
        XCTAssertEqual(pages.last?.endReason, .repeatedCursor)
        XCTAssertEqual(pages.last?.warnings, ["The next URL names page 1, already loaded: the list ends here rather than loop"])
        XCTAssertEqual(harness.urls.count, 2, "page 1 is never asked for again")
    }

    func testACursorThatCirclesBackEndsTheListAtTheFirstRepeat() throws {
        let next = ["": "a", "a": "b", "b": "c", "c": "a"]
        let harness = try SourceHarness(["url": "{baseURL}items?after={cursor}", "paging": "cursor", "nextCursor": "next", "items": "items", "fields": ["id": "id"]]) { request in
            let after = SourceHarness.query(request)["after"] ?? ""
            return SourceHarness.json(["items": [["id": .string("item-\(after)")]], "next": .string(next[after]!)])
        }
        let pages = try harness.loadAll(pageSize: 1)
        XCTAssertEqual(pages.flatMap(\.items).map(\.id), ["item-", "item-a", "item-b", "item-c"])
        XCTAssertEqual(pages.last?.endReason, .repeatedCursor)
        XCTAssertEqual(pages.last?.warnings, ["The next cursor names page 2, already loaded: the list ends here rather than loop"])
    }

    func testTheFirstCursorCountsAsLoaded() throws {
        let config = try SourceConfig(json: ["url": "https://a.test/?c={cursor}", "paging": "cursor", "firstCursor": "0", "nextCursor": "next", "items": "items", "fields": ["id": "id"]], field: "input.custom")
        let body: JSON = ["items": [["id": 3]], "next": "0"]
        let looping = try config.page(body: body.serialized(), statusCode: 200, headers: [:],
                                      request: PageRequest(index: 2, pageSize: 1, category: "all", cursor: "2", loadedCursors: ["1"]), url: "")
        XCTAssertNil(looping.nextCursor)
        XCTAssertEqual(looping.endReason, .repeatedCursor)
        XCTAssertEqual(looping.warnings, ["The next cursor names page 1, already loaded: the list ends here rather than loop"])
    }

    func testAPageNamingItselfStillEnds() throws {
        let config = try SourceConfig(json: ["url": "https://a.test/", "paging": "cursor", "nextCursor": "next", "items": "items", "fields": ["id": "id"]], field: "input.custom")
        let body: JSON = ["items": [["id": 1]], "next": "x"]
        let page = try config.page(body: body.serialized(), statusCode: 200, headers: [:],
                                   request: PageRequest(index: 1, pageSize: 1, category: "all", cursor: "x"), url: "")
        XCTAssertEqual([page.hasMore], [false])
        XCTAssertEqual(page.endReason, .repeatedCursor)
    }
}

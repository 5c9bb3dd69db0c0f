import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Cursors that are not a member of the page: a template over the last item (`max_id`,
/// Danbooru's `b<id>`), and a response header (`X-Next-Cursor`).
final class LastItemAndHeaderCursorTests: XCTestCase {
    private let posts: [JSON] = (1...5).reversed().map { ["id": .int(Int64($0 * 100)), "file_url": .string("https://cdn.test/\($0).jpg")] }

    func testDanboorusBeforeIDCursorComesFromTheLastItem() throws {
        let posts = self.posts
        let harness = try SourceHarness([
            "url": "{baseURL}posts.json", "query": ["limit": "{pageSize}", "page": "{cursor}"],
            "paging": "cursor", "nextCursor": "b{$last.id}", "fields": ["id": "id", "imageURL": "file_url"],
        ], baseURL: "https://danbooru.test") { request in
            let page = SourceHarness.query(request)["page"]
            let before = page.flatMap { Int($0.dropFirst()) } ?? .max
            return SourceHarness.json(.array(Array(posts.filter { $0["id"]!.intValue! < before }.prefix(2))))
        }
        let pages = try harness.loadAll(pageSize: 2)
        XCTAssertEqual(pages.flatMap(\.items).map(\.id), ["500", "400", "300", "200", "100"])
        XCTAssertEqual(harness.urls, ["https://danbooru.test/posts.json?limit=2", "https://danbooru.test/posts.json?limit=2&page=b400",
                                      "https://danbooru.test/posts.json?limit=2&page=b200", "https://danbooru.test/posts.json?limit=2&page=b100"])
        XCTAssertEqual(pages.last?.endReason, .emptyPage)
    }

    func testMastodonsMaxIDFromTheLastItemWithoutALinkHeader() throws {
        let config = try SourceConfig(json: [
            "url": "https://mastodon.test/api/v1/timelines/tag/{category}", "query": ["max_id": "{cursor}", "limit": "{pageSize}"],
            "paging": "cursor", "nextCursor": "{$last.id}", "fields": ["id": "id", "imageURL": "media_attachments[0].url"],
        ], field: "input.custom")
        let body: JSON = [["id": "1103", "media_attachments": [["url": "https://files.test/a.png"]]], ["id": "1101"]]
        let page = try config.page(body: body.serialized(),
                                   statusCode: 200, headers: [:], request: PageRequest(index: 0, pageSize: 2, category: "cats"), url: "")
        XCTAssertEqual(page.nextCursor, "1101")
        XCTAssertEqual(page.items.first?.imageURL, "https://files.test/a.png")
        let empty = try config.page(body: JSON.array([]).serialized(), statusCode: 200, headers: [:],
                                    request: PageRequest(index: 1, pageSize: 2, category: "cats", cursor: "1101"), url: "")
        XCTAssertEqual([empty.hasMore, empty.nextCursor == nil], [false, true], "no last item, no cursor")
    }

    func testACursorFromAResponseHeader() throws {
        let harness = try SourceHarness([
            "url": "{baseURL}items", "query": ["cursor": "{cursor}"], "paging": "cursor", "nextCursorHeader": "X-Next-Cursor", "fields": ["id": "id"],
        ]) { request in
            switch SourceHarness.query(request)["cursor"] {
            case nil: return SourceHarness.json([["id": 1], ["id": 2]], headers: ["x-next-cursor": "opaque=="])
            default: return SourceHarness.json([["id": 3]], headers: ["X-Next-Cursor": ""])
            }
        }
        let pages = try harness.loadAll(pageSize: 2)
        XCTAssertEqual(pages.flatMap(\.items).map(\.id), ["1", "2", "3"])
        XCTAssertEqual(harness.urls.last, "https://api.test/items?cursor=opaque%3D%3D", "header names are case-insensitive; the value is encoded")
        XCTAssertEqual(pages.last?.endReason, .noNextCursor, "an empty header ends the list")
    }

    func testCursorPagingNeedsACursorKeyPathOrHeader() {
        XCTAssertThrowsError(try SourceConfig(json: ["url": "https://a.test/", "paging": "cursor", "fields": ["id": "id"]], field: "input.custom")) { error in
            XCTAssertEqual((error as? FeedInputError)?.field, "input.custom.nextCursor")
        }
    }

    func testOnlyNextCursorsAndNextURLsReadTheLastItem() {
        XCTAssertThrowsError(try SourceConfig(json: ["url": "https://a.test/", "fields": ["id": "id", "title": "{$last.title}"]], field: "input.custom")) { error in
            XCTAssertEqual((error as? FeedInputError)?.field, "input.custom.fields.title")
        }
    }
}

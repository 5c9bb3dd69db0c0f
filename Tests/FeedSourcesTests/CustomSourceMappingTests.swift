import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Reading answers of a custom source: items with and without images, templates, relative
/// URLs, next URLs, string numbers, and errors that say what the answer has.
final class CustomSourceMappingTests: XCTestCase {
    private let pageURL = "https://api.test/v1/photos/?page_size=2"

    private func config(_ json: JSON) throws -> SourceConfig {
        try SourceConfig(json: json, field: "input.custom")
    }

    private func page(_ config: SourceConfig, _ body: JSON, headers: [String: String] = [:], index: Int = 0, pageSize: Int = 2, cursor: String? = nil) throws -> FeedPage {
        try config.page(
            body: body.serialized(), statusCode: 200, headers: headers,
            request: PageRequest(index: index, pageSize: pageSize, category: "all", cursor: cursor), url: "https://api.test/redacted", pageURL: pageURL)
    }

    private func decodingMessage(_ config: SourceConfig, _ body: JSON) -> String? {
        do {
            _ = try page(config, body)
            return nil
        } catch {
            guard case .decoding(let message, let url) = error as? FeedError else { return "not a decoding error: \(error)" }
            XCTAssertEqual(url, "https://api.test/redacted", "errors carry the redacted URL")
            return message
        }
    }

    func testItemsWithoutAnImageAreKeptAndItemsWithoutAnIDDropped() throws {
        let config = try config(["url": "https://api.test/", "items": "stories", "fields": ["id": "id", "imageURL": "images.0"]])
        let result = try page(config, ["stories": [
            ["id": 1, "title": "cover", "images": ["https://img.test/1.jpg"]],
            ["id": 2, "title": "no cover"],
            ["title": "no id"],
            ["id": 3, "title": "empty images", "images": []],
        ]])
        XCTAssertEqual(result.items.map(\.id), ["1", "2", "3"])
        XCTAssertEqual(result.items.map(\.imageURL), ["https://img.test/1.jpg", nil, nil])
    }

    func testAPageWhereNoItemHasAnIDNamesTheKeyPathAndTheFirstItemsKeys() throws {
        let config = try config(["url": "https://api.test/", "items": "data.children", "fields": ["id": ["name", "uuid"]]])
        let message = decodingMessage(config, ["data": ["children": [["kind": "t3", "data": ["name": "t3_a"]], ["kind": "t3"]]]])
        XCTAssertEqual(message, #"None of the 2 items has an id at fields.id "name" or "uuid"; the first item has the keys kind, data"#)
        XCTAssertEqual(decodingMessage(config, ["data": ["children": ["a"]]]), #"The only item has no id at fields.id "name" or "uuid"; the first item is a string"#)
        XCTAssertEqual(try page(config, ["data": ["children": []]]).items, [], "an empty page is no mapping failure")
    }

    func testNoItemArrayNamesTheArraysTheBodyHas() throws {
        let config = try config(["url": "https://api.test/", "items": "data.list", "fields": ["id": "id"]])
        let message = decodingMessage(config, ["data": ["rows": [1, 2, 3], "meta": ["tags": []], "list": ["a": 1]], "errors": [1]])
        XCTAssertEqual(message, #"No item array at "data.list" (it is an object with keys a); the body has arrays at errors (1 item), data.rows (3 items), data.meta.tags (0 items)"#)
        XCTAssertEqual(decodingMessage(config, ["ok": true]), #"No item array at "data.list"; the body has no arrays"#)
        let top = try self.config(["url": "https://api.test/", "fields": ["id": "id"]])
        XCTAssertEqual(decodingMessage(top, ["results": []]), "No item array at the top level (it is an object with keys results); the body has arrays at results (0 items)")
    }

    func testFieldTemplatesTryAlternativesInOrder() throws {
        let config = try config(["url": "https://api.test/", "fields": [
            "id": "id", "title": ["name", "{first} {last}"],
            "imageURL": ["https://cdn.test/{logo}", "https://picsum.photos/id/{id}/400/300"],
            "thumbnailURL": "{missing}", "author": "{owner.login}",
        ]])
        let items = try page(config, [["id": 7, "logo": "a/b.png", "first": "Ada", "last": "L", "owner": ["login": "ada"]], ["id": 8, "logo": ""]]).items
        XCTAssertEqual(items[0], FeedItem(id: "7", title: "Ada L", imageURL: "https://cdn.test/a/b.png", author: "ada"))
        XCTAssertEqual(items[1].imageURL, "https://picsum.photos/id/8/400/300", "an empty value fails its alternative")
        XCTAssertEqual(items[1].title, "")
    }

    func testRelativeImageURLsAreResolvedAgainstThePageURL() throws {
        let config = try config(["url": "https://api.test/", "items": "results", "fields": [
            "id": "id", "imageURL": "image", "thumbnailURL": "/id/{id}/40/30",
        ]])
        let items = try page(config, ["results": [["id": 1, "image": "/media/a.jpg"], ["id": 2, "image": "b.jpg"], ["id": 3, "image": "stub://x"]]]).items
        XCTAssertEqual(items.map(\.imageURL), ["https://api.test/media/a.jpg", "https://api.test/v1/photos/b.jpg", "stub://x"])
        XCTAssertEqual(items[0].thumbnailURL, "https://api.test/id/1/40/30")
    }

    func testNextURLPagingFollowsTheBodyOrTheLinkHeader() throws {
        let body = try config(["url": "https://api.test/", "paging": "next", "nextURL": "paging.next", "items": "data", "fields": ["id": "id"]])
        let more = try page(body, ["data": [["id": 1]], "paging": ["next": "?cursor=QVFI&limit=2"]])
        XCTAssertEqual(more.nextCursor, "https://api.test/v1/photos/?cursor=QVFI&limit=2")
        XCTAssertTrue(more.hasMore)
        XCTAssertFalse(try page(body, ["data": [["id": 1], ["id": 2]], "paging": ["next": nil]]).hasMore, "no next URL ends the list")
        XCTAssertFalse(try page(body, ["data": [["id": 1]], "paging": ["next": .string(pageURL)]]).hasMore, "a next URL naming this page ends it")

        let link = try config(["url": "https://api.test/", "paging": "next", "fields": ["id": "id"]])
        let linked = try page(link, [["id": 1]], headers: ["Link": #"</v1/photos/?page=2>; rel="next", </v1/photos/?page=9>; rel="last""#])
        XCTAssertEqual(linked.nextCursor, "https://api.test/v1/photos/?page=2")
        XCTAssertFalse(try page(link, [["id": 1]], headers: ["Link": #"</v1/photos/?page=1>; rel="prev""#]).hasMore)
    }

    func testACursorWithAHasMoreFlagNeedsBoth() throws {
        let config = try config(["url": "https://api.test/", "paging": "cursor", "nextCursor": "next_cursor", "hasMore": "has_more", "items": "results", "fields": ["id": "id"]])
        XCTAssertTrue(try page(config, ["results": [["id": 1]], "next_cursor": "c2", "has_more": true]).hasMore)
        XCTAssertFalse(try page(config, ["results": [["id": 1]], "next_cursor": "c2", "has_more": false]).hasMore)
        XCTAssertFalse(try page(config, ["results": [["id": 1]], "next_cursor": nil, "has_more": true]).hasMore)
        XCTAssertFalse(try page(config, ["results": [["id": 1]], "next_cursor": "c1", "has_more": true], index: 1, cursor: "c1").hasMore, "the same cursor again ends")
    }

    func testStringNumbersAndStringFlagsAreRead() throws {
        let totals = try config(["url": "https://api.test/", "items": "items", "total": "totalCount", "fields": ["id": "id", "width": "w"]])
        XCTAssertTrue(try page(totals, ["items": [["id": 1, "w": "640"], ["id": 2]], "totalCount": "320802"]).hasMore)
        XCTAssertFalse(try page(totals, ["items": [["id": 1], ["id": 2]], "totalCount": "2"]).hasMore)
        XCTAssertEqual(try page(totals, ["items": [["id": 1, "w": "640"]], "totalCount": "1"]).items.first?.width, 640)
        let flags = try config(["url": "https://api.test/", "items": "items", "hasMore": "more", "fields": ["id": "id"]])
        XCTAssertFalse(try page(flags, ["items": [["id": 1], ["id": 2]], "more": "false"]).hasMore)
        XCTAssertTrue(try page(flags, ["items": [["id": 1]], "more": "1"]).hasMore)
        let header = try config(["url": "https://api.test/", "totalHeader": "X-WP-Total", "fields": ["id": "id"]])
        XCTAssertFalse(try page(header, [["id": 1], ["id": 2]], headers: ["x-wp-total": " 2 "]).hasMore)
        let codes = try config(["url": "https://api.test/", "items": "data", "code": "code", "successCode": 0, "fields": ["id": "id"]])
        XCTAssertEqual(try page(codes, ["code": "0", "data": [["id": 1]]]).items.count, 1, "\"0\" is the code 0")
        XCTAssertThrowsError(try page(codes, ["code": "1", "data": [["id": 1]]]))
    }
}

import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Reading `input.custom` and building its requests: method, body, first URL and cursor,
/// placeholders.
final class CustomSourceConfigTests: XCTestCase {
    private func config(_ members: [String: JSON]) throws -> SourceConfig {
        var json: JSON = ["url": "https://api.test/items", "fields": ["id": "id"]]
        for (key, value) in members { json[keyPath: key] = value }
        return try SourceConfig(json: json, field: "input.custom")
    }

    private func error(_ members: [String: JSON]) -> FeedInputError? {
        do {
            _ = try config(members)
            return nil
        } catch { return error as? FeedInputError }
    }

    private func request(_ index: Int, cursor: String? = nil, pageSize: Int = 20) -> PageRequest {
        PageRequest(index: index, pageSize: pageSize, category: "all", cursor: cursor)
    }

    private let context = SourceConfig.Context(baseURL: "https://api.test/", accessKey: "KEY")

    func testOnlyURLAndFieldsIDAreRequired() throws {
        let config = try config([:])
        XCTAssertEqual(config.fields.imageURL, [], "an image is optional")
        XCTAssertEqual(config.method, .get)
        XCTAssertNil(config.body(for: request(0), context: context))
        XCTAssertEqual(error(["fields": ["title": "t"]])?.field, "input.custom.fields.id")
    }

    func testUnknownMembersFailLoudly() {
        XCTAssertEqual(error(["nextUrl": "next"])?.field, "input.custom.nextUrl")
        XCTAssertEqual(error(["fields": ["id": "id", "image": "img"]])?.field, "input.custom.fields.image")
    }

    func testUnknownPlaceholdersAreNamedWithTheirMember() {
        XCTAssertEqual(error(["url": "https://api.test/{pg}"])?.field, "input.custom.url")
        XCTAssertEqual(error(["query": ["page": "{pg}"]])?.field, "input.custom.query.page")
        XCTAssertEqual(error(["headers": ["X-Key": "{apiKey}"]])?.field, "input.custom.headers.X-Key")
        XCTAssertEqual(error(["firstURL": "https://api.test/{latest}"])?.field, "input.custom.firstURL")
        XCTAssertEqual(error(["method": "POST", "body": ["filter": ["ids": ["{id}"]]]])?.field, "input.custom.body.filter.ids.0")
        XCTAssertEqual(error(["query": ["page": "{pg}"]])?.reason.contains("{pg}"), true)
        XCTAssertNil(error(["fields": ["id": "id", "imageURL": "https://cdn.test/{logo}"]]), "field templates name item key paths")
    }

    func testMembersOfTheWrongTypeOrValue() {
        XCTAssertEqual(error(["method": "PUT"])?.field, "input.custom.method")
        XCTAssertEqual(error(["body": ["page": "{page}"]])?.reason, "needs \"method\": \"POST\"")
        XCTAssertEqual(error(["method": "POST", "body": "page={page}"])?.field, "input.custom.body")
        XCTAssertEqual(error(["paging": "link"])?.field, "input.custom.paging")
        XCTAssertEqual(error(["successCode": ["ok"]])?.field, "input.custom.successCode")
        XCTAssertEqual(error(["firstCursor": 0])?.field, "input.custom.firstCursor")
        XCTAssertEqual(error(["firstURL": "ftp://x/"])?.field, "input.custom.firstURL")
    }

    func testAPostBodyTurnsNumericPlaceholdersIntoNumbersAndDropsEmptyMembers() throws {
        let config = try config([
            "method": "POST", "paging": "cursor", "nextCursor": "next_cursor",
            "body": ["start_cursor": "{cursor}", "page_size": "{pageSize}", "query": "{category} p{page}", "sorts": [["direction": "descending"]], "archived": false],
        ])
        XCTAssertEqual(try JSON.parse(config.body(for: request(0), context: context)!),
                       ["page_size": 20, "query": "all p1", "sorts": [["direction": "descending"]], "archived": false])
        XCTAssertEqual(try JSON.parse(config.body(for: request(1, cursor: "c-2"), context: context)!),
                       ["start_cursor": "c-2", "page_size": 20, "query": "all p2", "sorts": [["direction": "descending"]], "archived": false])
        XCTAssertEqual(config.headers(for: request(0), context: context), ["Content-Type": "application/json"])
    }

    func testAContentTypeOfTheConfigWins() throws {
        let config = try config(["method": "POST", "body": ["q": "x"], "headers": ["content-type": "application/vnd.api+json"]])
        XCTAssertEqual(config.headers(for: request(0), context: context), ["content-type": "application/vnd.api+json"])
    }

    func testTheFirstCursorAndTheFirstURL() throws {
        let config = try config([
            "firstURL": "{baseURL}news/latest", "url": "{baseURL}news/before/{cursor}", "paging": "cursor", "nextCursor": "date",
        ])
        XCTAssertEqual(config.url(for: request(0), context: context), "https://api.test/news/latest")
        XCTAssertEqual(config.url(for: request(1, cursor: "20170101"), context: context), "https://api.test/news/before/20170101")
        let counted = try self.config(["query": ["after": "{cursor}"], "paging": "cursor", "nextCursor": "after", "firstCursor": "0"])
        XCTAssertEqual(counted.url(for: request(0), context: context), "https://api.test/items?after=0")
        let empty = try self.config(["query": ["after": "{cursor}"], "paging": "cursor", "nextCursor": "after"])
        XCTAssertEqual(empty.url(for: request(0), context: context), "https://api.test/items", "an empty parameter is left out")
    }

    func testNextURLPagingRequestsTheGivenURLAsIs() throws {
        let config = try config(["query": ["page_size": "{pageSize}"], "paging": "next", "nextURL": "next"])
        XCTAssertEqual(config.url(for: request(0), context: context), "https://api.test/items?page_size=20")
        XCTAssertEqual(config.url(for: request(1, cursor: "https://api.test/items?cursor=cD0y&page_size=20"), context: context),
                       "https://api.test/items?cursor=cD0y&page_size=20")
    }
}

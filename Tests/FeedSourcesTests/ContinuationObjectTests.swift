import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Query paging: the object at `nextQuery` (MediaWiki's `continue`) is merged, every member of
/// it, into the next request's query; its members change from batch to batch.
final class ContinuationObjectTests: XCTestCase {
    private let commons: JSON = [
        "url": "{baseURL}w/api.php",
        "query": ["action": "query", "format": "json", "generator": "categorymembers", "gcmtitle": "Category:{category}",
                  "gcmtype": "file", "gcmlimit": "{pageSize}", "prop": "imageinfo", "iiprop": "url", "continue": ""],
        "paging": "query", "nextQuery": "continue", "items": "query.pages.*",
        "fields": ["id": "pageid", "title": "title", "imageURL": "imageinfo[0].url"],
    ]

    func testEveryMemberOfTheContinueObjectJoinsTheNextQuery() throws {
        let harness = try SourceHarness(commons, baseURL: "https://commons.test/") { request in
            let query = SourceHarness.query(request)
            switch query["gcmcontinue"] {
            case nil:
                return SourceHarness.json(["batchcomplete": "", "continue": ["gcmcontinue": "file|4142|1", "continue": "gcmcontinue||"],
                                           "query": ["pages": ["11": ["pageid": 11, "title": "File:A.jpg", "imageinfo": [["url": "https://upload.test/a.jpg"]]],
                                                               "12": ["pageid": 12, "title": "File:B.jpg"]]]])
            case "file|4142|1"?:
                return SourceHarness.json(["continue": ["gcmcontinue": "file|5000|2", "continue": "gcmcontinue||", "iicontinue": "x"],
                                           "query": ["pages": ["13": ["pageid": 13, "title": "File:C.jpg"]]]])
            default:
                return SourceHarness.json(["batchcomplete": "", "query": ["pages": ["14": ["pageid": 14, "title": "File:D.jpg"]]]])
            }
        }
        let pages = try harness.loadAll(pageSize: 2, category: "Sunflowers")
        XCTAssertEqual(pages.flatMap(\.items).map(\.id), ["11", "12", "13", "14"])
        XCTAssertEqual(pages.first?.items.first?.imageURL, "https://upload.test/a.jpg")
        let queries: [[String: String]] = harness.sent.current.map(SourceHarness.query)
        XCTAssertEqual(queries.map { $0["gcmcontinue"] }, [nil, "file|4142|1", "file|5000|2"])
        XCTAssertEqual(queries.map { $0["continue"] }, [nil, "gcmcontinue||", "gcmcontinue||"], "a member replaces the parameter of its name")
        XCTAssertEqual(queries.map { $0["iicontinue"] }, [nil, nil, "x"], "members that appear later are sent too")
        XCTAssertEqual(Set(queries.map { $0["gcmtitle"] }), ["Category:Sunflowers"], "the rest of the query stays")
        XCTAssertEqual(pages.last?.endReason, .noNextCursor, "no continue object: the end")
    }

    func testQueryPagingNeedsItsKeyPath() {
        var custom = commons
        custom[keyPath: "nextQuery"] = nil
        XCTAssertThrowsError(try SourceConfig(json: custom, field: "input.custom")) { error in
            XCTAssertEqual((error as? FeedInputError)?.field, "input.custom.nextQuery")
        }
        custom[keyPath: "nextQuery"] = "continue"
        custom[keyPath: "paging"] = "cursor"
        custom[keyPath: "nextCursor"] = "x"
        XCTAssertThrowsError(try SourceConfig(json: custom, field: "input.custom")) { error in
            XCTAssertEqual((error as? FeedInputError)?.description, #"input.custom.nextQuery: needs "paging": "query""#)
        }
    }

    func testAContinuationThatIsNoObjectEndsTheListWithAWarning() throws {
        let config = try SourceConfig(json: commons, field: "input.custom")
        let body: JSON = ["continue": "gcmcontinue||", "query": ["pages": ["1": ["pageid": 1]]]]
        let page = try config.page(body: body.serialized(), statusCode: 200, headers: [:],
                                   request: PageRequest(index: 0, pageSize: 2, category: "c"), url: "https://commons.test/")
        XCTAssertFalse(page.hasMore)
        XCTAssertEqual(page.warnings, ["nextQuery 'continue' is a string, not a cursor: the list ends after this page"])
    }
}

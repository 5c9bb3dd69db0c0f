import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// `false`, `0`, `""` and `null` mean "no next page" wherever a cursor, next URL or next page
/// number is read; `true`, objects and arrays are no cursor.
final class NoNextPageValueTests: XCTestCase {
    private func next(_ value: JSON?, paging: String = "cursor") throws -> (FeedPage, SourceConfig) {
        let key = paging == "next" ? "nextURL" : "nextCursor"
        let config = try SourceConfig(json: ["url": "https://api.test/page/{cursor}", "paging": .string(paging), key: "nextPage", "items": "items", "fields": ["id": "id"]], field: "input.custom")
        var body: JSON = ["items": [["id": 1]]]
        if let value { body[keyPath: "nextPage"] = value }
        let page = try config.page(body: body.serialized(), statusCode: 200, headers: [:], request: PageRequest(index: 0, pageSize: 1, category: "all"),
                                   url: "https://api.test/page/", pageURL: "https://api.test/page/")
        return (page, config)
    }

    func testANextPageNumberIsACursorUntilItIsFalse() throws {
        let (page, config) = try next(2)
        XCTAssertEqual(page.nextCursor, "2")
        XCTAssertEqual(config.url(for: PageRequest(index: 1, pageSize: 1, category: "all", cursor: page.nextCursor), context: .init(baseURL: "")),
                       "https://api.test/page/2")
        let values: [JSON?] = [false, 0, 0.0, "", .null, nil]
        for value in values {
            let (end, _) = try next(value)
            XCTAssertEqual([end.hasMore, end.nextCursor == nil], [false, true], "\(String(describing: value))")
            XCTAssertEqual(end.endReason, .noNextCursor)
            XCTAssertEqual(end.warnings, value == nil ? ["nextCursor 'nextPage' is not in the page; the list ends after page 1"] : [],
                           "a key that is there says the end; one that is missing may be misspelt")
        }
    }

    func testTheSameRulesHoldForNextURLs() throws {
        let (more, _) = try next("/page/2", paging: "next")
        XCTAssertEqual(more.nextCursor, "https://api.test/page/2")
        for value: JSON in [false, 0, "", .null] {
            let (end, _) = try next(value, paging: "next")
            XCTAssertEqual(end.endReason, .noNextURL, "\(value)")
        }
    }

    func testValuesThatCannotBeACursorEndTheListWithAWarning() throws {
        for (value, what) in [(JSON.bool(true), "true"), (["a": 1], "an object"), ([1], "an array")] {
            let (end, _) = try next(value)
            XCTAssertFalse(end.hasMore)
            XCTAssertEqual(end.warnings, ["nextCursor 'nextPage' is \(what), not a cursor: the list ends after this page"])
        }
    }

    func testNumbersAndStringsAreCursorsAsWritten() {
        XCTAssertEqual(CursorValue("c2"), .cursor("c2"))
        XCTAssertEqual(CursorValue(12), .cursor("12"))
        XCTAssertEqual(CursorValue("0"), .cursor("0"), "the string \"0\" is a cursor: only the number 0 ends")
        XCTAssertEqual(CursorValue(1.5), .cursor("1.5"))
    }
}

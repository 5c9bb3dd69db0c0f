@testable import FeedSources
import JSON
import XCTest

/// A custom source's templates and key paths are held to the template limits, and the error
/// names the member: a config never costs more to read than its size.
final class TemplateLimitsInConfigTests: XCTestCase {
    private func error(_ custom: JSON) -> String? {
        do {
            _ = try SourceConfig(json: custom, field: "input.custom")
            return nil
        } catch {
            return error.description
        }
    }

    func testEveryKindOfTemplateIsChecked() {
        let long = String(repeating: "{", count: 30_000)
        let pairs = String(repeating: "{a{b}", count: 20_000)
        XCTAssertEqual(error(["url": .string("https://a.test/" + long), "fields": ["id": "id"]]),
                       "input.custom.url: is 30015 bytes long; a template may have at most 8192")
        XCTAssertEqual(error(["url": "https://a.test/", "fields": ["id": "id", "title": .string(pairs)]]),
                       "input.custom.fields.title: is 100000 bytes long; a template may have at most 8192")
        XCTAssertEqual(error(["url": "https://a.test/", "query": ["q": .string(String(repeating: "{page}", count: 65))], "fields": ["id": "id"]]),
                       "input.custom.query.q: has more than 64 placeholders")
        XCTAssertEqual(error(["url": "https://a.test/", "nextCursor": .string(long), "paging": "cursor", "fields": ["id": "id"]]),
                       "input.custom.nextCursor: is 30000 bytes long; a template may have at most 8192")
        XCTAssertEqual(error(["url": "https://a.test/", "method": "POST", "body": ["filter": ["name": .string(long)]], "fields": ["id": "id"]]),
                       "input.custom.body.filter.name: is 30000 bytes long; a template may have at most 8192")
        XCTAssertEqual(error(["url": "https://a.test/", "fields": ["id": "id", "extra": ["x": ["path": .string(long)]]]]),
                       "input.custom.fields.extra.x.path: is 30000 bytes long; a template may have at most 8192")
    }

    func testPathsThatMustNotBeTemplatesSaySo() {
        XCTAssertEqual(error(["url": "https://a.test/", "items": "data.{x}", "fields": ["id": "id"]]),
                       "input.custom.items: must be a key path, not a template (templates are for nextCursor, nextURL and fields)")
    }
}

import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Bodies that wrap their JSON: a JSONP callback and the anti-XSSI prefixes, unwrapped before
/// parsing; anything else that is not JSON still fails as such.
final class UnwrappingTests: XCTestCase {
    private func ids(_ body: String) throws -> [String] {
        let config = try SourceConfig(json: ["url": "https://api.test/", "items": "photos.photo", "fields": ["id": "id"]], field: "input.custom")
        return try config.page(body: Array(body.utf8), statusCode: 200, headers: [:], request: PageRequest(index: 0, pageSize: 5, category: "all"), url: "").items.map(\.id)
    }

    func testJSONPCallbacksAreUnwrapped() throws {
        let json = #"{"photos": {"photo": [{"id": "53"}]}, "stat": "ok"}"#
        for body in ["jsonFlickrApi(\(json))", "jsonFlickrApi(\(json));\n", "/**/ jQuery.cb_1 ( \(json) );", "\u{FEFF}cb(\(json))"] {
            XCTAssertEqual(try ids(body), ["53"], body)
        }
    }

    func testAntiXSSIPrefixesAreRemoved() throws {
        let json = #"{"photos": {"photo": [{"id": 7}]}}"#
        for body in [")]}'\n\(json)", ")]}',\n\(json)", "while(1);\(json)", "for(;;); \(json)"] {
            XCTAssertEqual(try ids(body), ["7"], body)
        }
    }

    func testOtherBodiesStillAreNotJSON() throws {
        for body in ["<html>oops</html>", "cb(", "1cb({})", ""] {
            XCTAssertThrowsError(try ids(body)) { error in
                XCTAssertEqual((error as? FeedError)?.message, "The answer is not JSON", body)
            }
        }
    }
}

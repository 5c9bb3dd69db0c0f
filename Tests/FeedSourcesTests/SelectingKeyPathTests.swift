import FeedModel
@testable import FeedSources
import JSON
import XCTest

/// Key paths that select: the last element, an element by a member's value, an object's values.
final class SelectingKeyPathTests: XCTestCase {
    private let nasa: JSON = ["collection": [
        "items": [["data": [["nasa_id": "a"]]], ["data": [["nasa_id": "b"]]]],
        "links": [["rel": "prev", "href": "https://images-api.test/search?page=1"], ["rel": "next", "prompt": "Next", "href": "https://images-api.test/search?page=3"]],
    ]]

    func testDottedMembersAndDigitIndicesReadAsBefore() {
        XCTAssertEqual(ValuePath("collection.items.1.data.0.nasa_id").value(in: nasa), "b")
        XCTAssertEqual(ValuePath("").value(in: ["a": 1]), ["a": 1], "the empty path is the value itself")
        XCTAssertEqual(ValuePath("0").value(in: ["0": "member"]), "member", "digits name a member of an object")
        XCTAssertNil(ValuePath("collection.items.9").value(in: nasa))
    }

    func testAnElementChosenByAMembersValue() {
        XCTAssertEqual(ValuePath("collection.links[rel=next].href").value(in: nasa), "https://images-api.test/search?page=3")
        XCTAssertEqual(ValuePath("collection.links[rel=\"prev\"].href").value(in: nasa), "https://images-api.test/search?page=1", "the value may be quoted")
        XCTAssertNil(ValuePath("collection.links[rel=last].href").value(in: nasa), "no element matches: nothing")
        XCTAssertEqual(ValuePath("[id=2].name").value(in: [["id": 1, "name": "a"], ["id": 2, "name": "b"]]), "b", "numbers compare as text")
        XCTAssertEqual(ValuePath("items[meta.kind=photo].id").value(in: ["items": [["meta": ["kind": "text"], "id": 1], ["meta": ["kind": "photo"], "id": 2]]]), 2)
    }

    func testNegativeIndicesCountFromTheEnd() {
        XCTAssertEqual(ValuePath("collection.items[-1].data[0].nasa_id").value(in: nasa), "b")
        XCTAssertEqual(ValuePath("[-2]").value(in: [1, 2, 3]), 2)
        XCTAssertNil(ValuePath("[-4]").value(in: [1, 2, 3]))
        XCTAssertNil(ValuePath("items[-1]").value(in: ["items": []]))
    }

    func testAnObjectsValuesInTheirOrder() {
        let mediaWiki: JSON = ["query": ["pages": ["736": ["pageid": 736, "title": "Albert"], "12": ["pageid": 12, "title": "Anarchism"]]]]
        XCTAssertEqual(ValuePath("query.pages.*").value(in: mediaWiki)?.arrayValue?.map { $0["title"] }, ["Albert", "Anarchism"])
        XCTAssertEqual(ValuePath("query.pages.*[-1].pageid").value(in: mediaWiki), 12)
        XCTAssertEqual(ValuePath("*").value(in: [1, 2]), [1, 2], "an array's elements are its values")
    }

    func testBracketsThatSelectNothingArePartOfTheName() {
        XCTAssertEqual(ValuePath("filter[]").value(in: ["filter[]": "x"]), "x")
        XCTAssertEqual(ValuePath("page[size]").value(in: ["page[size]": 10]), 10)
        XCTAssertEqual(ValuePath("a[href=x.y].b").value(in: ["a": [["href": "x.y", "b": true]]]), true, "a dot inside brackets does not split")
    }

    func testItemsAsAnObjectsValuesMapLikeAnArray() throws {
        let config = try SourceConfig(json: ["url": "https://w.test/api.php", "items": "query.pages.*", "fields": ["id": "pageid", "title": "title"]], field: "input.custom")
        let body: JSON = ["query": ["pages": ["7": ["pageid": 7, "title": "B"], "3": ["pageid": 3, "title": "A"]]]]
        let page = try config.page(
            body: body.serialized(), statusCode: 200,
            headers: [:], request: PageRequest(index: 0, pageSize: 10, category: "all"), url: "https://w.test/api.php")
        XCTAssertEqual(page.items.map(\.title), ["B", "A"], "the object's own order")
    }
}

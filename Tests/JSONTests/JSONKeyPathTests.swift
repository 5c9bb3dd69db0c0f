import XCTest
@testable import JSON

final class JSONKeyPathTests: XCTestCase {
    private let photo: JSON = [
        "id": "abc",
        "urls": ["raw": "https://r", "regular": "https://g"],
        "data": ["list": [["id": 7], ["id": 8]], "count": 2],
        "items": [["id": "first"], ["id": "second"]],
        "0": "a key that looks like an index",
    ]

    func testDottedPathsReadNestedMembers() {
        XCTAssertEqual(photo[keyPath: "urls.regular"], "https://g")
        XCTAssertEqual(photo[keyPath: "data.list"], [["id": 7], ["id": 8]])
        XCTAssertEqual(photo[keyPath: "data.list.1.id"], 8)
        XCTAssertEqual(photo[keyPath: "items.0.id"], "first")
    }

    func testNumericComponentsAreKeysOnObjectsAndIndicesOnArrays() {
        XCTAssertEqual(photo[keyPath: "0"], "a key that looks like an index")
        XCTAssertNil(photo[keyPath: "items.2"])
        XCTAssertNil(photo[keyPath: "items.-1"])
        XCTAssertNil(photo[keyPath: "items.first"])
    }

    func testMissingOrMistypedStepsReadNil() {
        XCTAssertNil(photo[keyPath: "urls.thumb"])
        XCTAssertNil(photo[keyPath: "id.length"])
        XCTAssertNil(photo[keyPath: "urls."])
        XCTAssertEqual(photo[keyPath: ""], photo)
    }

    func testSettingCreatesIntermediateObjects() {
        var value: JSON = [:]
        value[keyPath: "params.page.size"] = 30
        XCTAssertEqual(value, ["params": ["page": ["size": 30]]])
        value[keyPath: "params.page.size"] = nil
        XCTAssertEqual(value, ["params": ["page": [:]]])
    }

    func testSettingReplacesAnArrayElementInRange() {
        var value = photo
        value[keyPath: "items.1.id"] = "changed"
        XCTAssertEqual(value[keyPath: "items.1.id"], "changed")
        value[keyPath: "items.0"] = nil
        XCTAssertEqual(value[keyPath: "items.0.id"], "first", "nil leaves array elements in place")
    }

    func testRemovingAMissingPathChangesNothing() {
        var value = photo
        value[keyPath: "no.such.path"] = nil
        XCTAssertEqual(value, photo)
    }
}

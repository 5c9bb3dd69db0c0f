import JSON
import XCTest

/// A parse can hand the members of a top-level object to a visitor instead of building it.
final class JSONMemberVisitorTests: XCTestCase {
    private struct Members: JSONMemberVisitor {
        var seen: [(String, JSON)] = []
        mutating func visit(key: UnsafeBufferPointer<UInt8>, value: consuming JSON) { seen.append((String(decoding: key, as: UTF8.self), value)) }
    }

    private func visit(_ text: String) throws -> (JSON?, [(String, JSON)], JSONMemberSpans) {
        var spans = JSONMemberSpans(name: "id", maxDepth: 3)
        var members = Members()
        let value = try JSON.parse(Array(text.utf8)[...], noting: &spans, visiting: &members)
        return (value, members.seen, spans)
    }

    func testATopLevelObjectsMembersArriveInOrderRepeatsIncluded() throws {
        let text = #" {"id":1E2,"a":{"b":[1,{"c":null}]},"\u0061":"x","id":7} "#
        let (value, seen, spans) = try visit(text)
        XCTAssertNil(value, "no object is built")
        XCTAssertEqual(seen.map(\.0), ["id", "a", "a", "id"])
        XCTAssertEqual(seen.map(\.1), [100.0, ["b": [1, ["c": nil]]], "x", 7])
        let seven = Array(text.utf8).lastIndex(of: UInt8(ascii: "7"))!
        XCTAssertEqual(spans.range(at: []), seven..<(seven + 1), "the id the object would keep is noted")
    }

    func testAnyOtherTextIsParsedAsUsual() throws {
        for text in [#"[{"id":1},2]"#, #""s""#, "3", "null", "[]"] {
            let (value, seen, _) = try visit(text)
            XCTAssertEqual(value, try JSON.parse(text), text)
            XCTAssertTrue(seen.isEmpty, text)
        }
        XCTAssertEqual(try visit("{}").1.count, 0)
    }

    func testInvalidTextStillThrows() {
        for text in [#"{"a":1,}"#, #"{"a":1} x"#, #"{"a":[1,2}"#, "{"] {
            XCTAssertThrowsError(try visit(text), text)
        }
    }
}

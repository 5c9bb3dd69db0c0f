import JSON
import XCTest

/// The parser notes where the members it is asked for sit in the text, so that a value can be
/// echoed as the very bytes that were written.
final class JSONMemberSpansTests: XCTestCase {
    private func parse(_ text: String, maxDepth: Int = 3) throws -> (JSON, JSONMemberSpans, [UInt8]) {
        var spans = JSONMemberSpans(name: "id", maxDepth: maxDepth)
        let bytes = Array(text.utf8)
        let value = try JSON.parse(bytes[...], noting: &spans)
        return (value, spans, bytes)
    }

    private func text(_ spans: JSONMemberSpans, _ path: [JSONMemberSpans.Step], in bytes: [UInt8]) -> String? {
        spans.range(at: path).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    func testAMessagesIdAndItsParamsIdAreNotedAsWritten() throws {
        let (value, spans, bytes) = try parse(#"{"jsonrpc":"2.0", "id" : 1E2 ,"method":"$/cancelRequest","params":{"id":"\ud800","x":{"id":3}}}"#)
        XCTAssertEqual(value["method"], "$/cancelRequest", "the value is what the plain parse gives")
        XCTAssertEqual(text(spans, [], in: bytes), "1E2")
        XCTAssertEqual(text(spans, [.key("params")], in: bytes), #""\ud800""#)
        XCTAssertEqual(text(spans, [.key("params"), .key("x")], in: bytes), "3")
    }

    func testEachBatchElementHasItsOwnId() throws {
        let (_, spans, bytes) = try parse(#"[{"id":-0},1,{"method":"m"},{"id":"a","params":{"id":[1]}}]"#)
        XCTAssertEqual(text(spans, [.index(0)], in: bytes), "-0")
        XCTAssertNil(spans.range(at: [.index(1)]))
        XCTAssertNil(spans.range(at: [.index(2)]))
        XCTAssertEqual(text(spans, [.index(3)], in: bytes), #""a""#)
        XCTAssertEqual(text(spans, [.index(3), .key("params")], in: bytes), "[1]")
    }

    func testARepeatedMemberIsNotedAsTheParserKeepsIt() throws {
        let (value, spans, bytes) = try parse(#"{"id":1,"\u0069d":2.50}"#)
        XCTAssertEqual(value["id"], 2.5)
        XCTAssertEqual(text(spans, [], in: bytes), "2.50", "the last one, its name escaped or not")
    }

    func testNothingDeeperThanAskedIsNoted() throws {
        let (_, spans, _) = try parse(#"{"a":{"b":{"id":1}}}"#, maxDepth: 2)
        XCTAssertNil(spans.range(at: [.key("a"), .key("b")]))
    }

    func testSpansAreRelativeToTheSliceAndForgottenByTheNextParse() throws {
        var spans = JSONMemberSpans(name: "id", maxDepth: 1)
        let bytes = Array(#"xx{"id":12}yy{"method":"m"}"#.utf8)
        _ = try JSON.parse(bytes[2..<11], noting: &spans)
        XCTAssertEqual(spans.range(at: []), 6..<8)
        _ = try JSON.parse(bytes[13...], noting: &spans)
        XCTAssertNil(spans.range(at: []))
    }

    func testNotingParsesExactlyWhatThePlainParserParses() {
        let texts = [#"{"id":1}"#, #"[{"id":[{"id":{}}]}]"#, #"{"id":tru}"#, "[", #"{"a":1,}"#, #""id""#, "[[[[1]]]]"]
        for text in texts {
            var spans = JSONMemberSpans(name: "id", maxDepth: 3)
            let noted = try? JSON.parse(Array(text.utf8)[...], maxDepth: 3, noting: &spans)
            XCTAssertEqual(noted, try? JSON.parse(text, maxDepth: 3), text)
        }
    }
}

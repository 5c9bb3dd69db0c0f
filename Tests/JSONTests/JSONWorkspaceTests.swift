import JSON
import XCTest

/// A `JSONMemberSpans` lends the parser its memory from parse to parse: its stacks, and the short
/// strings made before. Whatever a parse before did, or how it failed, the next one parses
/// exactly what a fresh parser does.
final class JSONWorkspaceTests: XCTestCase {
    private func noted(_ text: String, _ spans: inout JSONMemberSpans) -> JSON? {
        try? JSON.parse(Array(text.utf8)[...], noting: &spans)
    }

    func testReusedSpansParseWhatAFreshParserParses() {
        var spans = JSONMemberSpans(name: "id", maxDepth: 3)
        let texts = [
            #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"session":"s1","index":7}}"#,
            #"{"a":[1,{"b":[true,null,"x"]},[]],"c":{}}"#,
            #"[{"id":"abcdefghijklmno"},{"id":"abcdefghijklmnop"},{"id":"é"}]"#,
            #"{"k":"\u0041\n","l":"short","m":"a string longer than fifteen bytes"}"#,
            "[[[[[[[[1,2],3],4],5],6],7],8],9]",
        ]
        for _ in 0..<3 {
            for text in texts {
                XCTAssertEqual(noted(text, &spans), try? JSON.parse(text), text)
            }
        }
    }

    func testAFailedParseLeavesNothingBehindForTheNext() {
        var spans = JSONMemberSpans(name: "id", maxDepth: 3)
        for broken in [#"{"a":[1,2,{"b":"c""#, #"[{"x":1},{"y":tru}]"#, #"{"id":1,"a":{"b":[1,2,}}"#] {
            XCTAssertNil(noted(broken, &spans), broken)
            let text = #"{"id":5,"v":["p","q"]}"#
            XCTAssertEqual(noted(text, &spans), ["id": 5, "v": ["p", "q"]])
            XCTAssertEqual(spans.range(at: []), 6..<7)
        }
    }

    func testShortStringsThatShareASlotStayApart() {
        var spans = JSONMemberSpans(name: "id", maxDepth: 1)
        // Far more distinct short strings than the table has slots, each read twice.
        let words = (0..<300).map { "w\($0)" } + (0..<15).map { String(repeating: "z", count: $0) }
        for _ in 0..<2 {
            for word in words {
                XCTAssertEqual(noted(#"{"\#(word)":"\#(word)"}"#, &spans), .object(JSONObject([(word, .string(word))])), word)
            }
        }
    }

    func testShortStringsNearTheEndOfTheTextAreReadWholeAndKeptApart() {
        var spans = JSONMemberSpans(name: "id", maxDepth: 1)
        // Each length, each byte changed in turn: read where fewer than 16 bytes follow the
        // string's start, and where more do, from the same table.
        for length in 1...15 {
            for position in 0..<length {
                for letter in ["x", "y"] {
                    var letters = Array(repeating: "a", count: length)
                    letters[position] = letter
                    let word = letters.joined()
                    XCTAssertEqual(noted(#""\#(word)""#, &spans), .string(word), word)
                    XCTAssertEqual(noted(#"["\#(word)","more than sixteen bytes"]"#, &spans), [.string(word), "more than sixteen bytes"], word)
                }
            }
        }
    }

    func testRepeatedKeysAreFoundWhetherOrNotTheyLookAlike() throws {
        XCTAssertEqual(try JSON.parse(#"{"ab":1,"ba":2,"ab":3}"#), ["ab": 3, "ba": 2])
        XCTAssertEqual(try JSON.parse(#"{"a":1,"\u0061":2}"#), ["a": 2])
        XCTAssertEqual(try JSON.parse(#"{"":1,"":2}"#), ["": 2])
        XCTAssertEqual(try JSON.parse(#"{"ac":1,"bc":2,"ad":3}"#).objectValue?.count, 3)
    }

    func testASpanIsFoundByAnyCollectionOfSteps() throws {
        var spans = JSONMemberSpans(name: "id", maxDepth: 3)
        let bytes = Array(#"[{"id":7,"params":{"id":"x"}}]"#.utf8)
        _ = try JSON.parse(bytes[...], noting: &spans)
        XCTAssertEqual(spans.range(at: CollectionOfOne(.index(0))).map { String(decoding: bytes[$0], as: UTF8.self) }, "7")
        XCTAssertEqual(spans.range(at: [.index(0), .key("params")]).map { String(decoding: bytes[$0], as: UTF8.self) }, #""x""#)
        XCTAssertNil(spans.range(at: CollectionOfOne(.index(1))))
        XCTAssertNil(spans.range(at: EmptyCollection()))
    }
}

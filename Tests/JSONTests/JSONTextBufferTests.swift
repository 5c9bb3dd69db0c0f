import XCTest
@testable import JSON

/// Pieces appended through the stack buffer come out in order, whatever their size.
final class JSONTextBufferTests: XCTestCase {
    private func text(_ body: (inout JSONTextBuffer) -> Void) -> String {
        var bytes = Array("prefix:".utf8)
        JSONTextBuffer.appending(to: &bytes, body)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testIntegersReadAsJSONWriterWritesThem() {
        var boundaries: [Int64] = []
        var power: Int64 = 1
        for _ in 0..<19 {
            boundaries += [power - 1, power, power + 1, -power, -(power - 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        for value: Int64 in [0, 7, 9, 10, 99, 100, 12345, -1, -10, -987654321, .max, .min, .max - 1, .min + 1] + boundaries {
            var expected: [UInt8] = Array("prefix:".utf8)
            JSONWriter.appendInteger(value, to: &expected)
            XCTAssertEqual(text { $0.appendInteger(value) }, String(decoding: expected, as: UTF8.self))
        }
    }

    func testPiecesKeepTheirOrderAcrossTheBufferAndTheArray() {
        let written = text { text in
            text.append(#"{"id":"#)
            text.appendInteger(42)
            text.append(UInt8(ascii: ","))
            text.append(#""name":"#)
            text.appendString("a \"quoted\"\nline")
            text.append(UInt8(ascii: ","))
            text.append(#""value":"#)
            text.append(json: ["list": [1, 2.5, nil]])
            text.append(UInt8(ascii: "}"))
        }
        XCTAssertEqual(written, #"prefix:{"id":42,"name":"a \"quoted\"\nline","value":{"list":[1,2.5,null]}}"#)
    }

    func testTextLongerThanTheBufferIsAppendedWhole() {
        let written = text { text in
            for index in 0..<200 {
                text.append(#""member":"#)
                text.appendInteger(Int64(index) * 1_000_003)
                text.append(UInt8(ascii: ","))
            }
        }
        let expected = "prefix:" + (0..<200).map { #""member":\#($0 * 1_000_003),"# }.joined()
        XCTAssertEqual(written, expected)
    }

    func testMemberNamesAreQuotedAndFollowACommaWhenAsked() {
        let long: StaticString = """
            a_member_name_longer_than_the_buffer_of_two_hundred_and_fifty_six_bytes_a_member_name_longer_than_the_buffer_\
            of_two_hundred_and_fifty_six_bytes_a_member_name_longer_than_the_buffer_of_two_hundred_and_fifty_six_bytes_\
            a_member_name_longer_than_the_buffer_indeed
            """
        let written = text { text in
            text.append(UInt8(ascii: "{"))
            for index in 0..<40 {
                text.appendMemberName("member", afterComma: index > 0)
                text.appendInteger(Int64(index))
            }
            text.appendMemberName(long, afterComma: true)
            text.append("true")
            text.append(UInt8(ascii: "}"))
        }
        let members = (0..<40).map { #""member":\#($0)"# } + [#""\#(long)":true"#]
        XCTAssertGreaterThan(long.utf8CodeUnitCount, 256)
        XCTAssertEqual(written, "prefix:{" + members.joined(separator: ",") + "}")
    }
}

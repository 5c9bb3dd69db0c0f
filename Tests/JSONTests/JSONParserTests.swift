import FeedVMTestSupport
import XCTest
@testable import JSON

final class JSONParserTests: XCTestCase {
    func testHundredThousandNestedBracketsAreAnErrorNotACrash() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        XCTAssertThrowsError(try JSON.parse(deep)) { error in
            XCTAssertEqual((error as? JSONParseError)?.reason, "nesting deeper than 512")
        }
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        XCTAssertThrowsError(try JSON.parse(objects))
    }

    func testTheDepthLimitIsConfigurable() throws {
        let three = "[[[1]]]"
        XCTAssertEqual(try JSON.parse(three, maxDepth: 3), [[[1]]])
        XCTAssertThrowsError(try JSON.parse(three, maxDepth: 2))
    }

    func testIntegersThatFitInt64StayExact() throws {
        XCTAssertEqual(try JSON.parse("9223372036854775807"), .int(.max))
        XCTAssertEqual(try JSON.parse("-9223372036854775808"), .int(.min))
        XCTAssertEqual(try JSON.parse("9007199254740993"), .int(9_007_199_254_740_993))
        XCTAssertEqual(try JSON.parse("-0"), .int(0))
        XCTAssertEqual(try JSON.parse("9223372036854775808"), .double(0x1p63))
        XCTAssertEqual(try JSON.parse("-9223372036854775809"), .double(-0x1p63))
        XCTAssertEqual(try JSON.parse("123456789012345678901234567890"), .double(1.2345678901234568e29))
    }

    func testNumbersWithAFractionOrExponentAreDoubles() throws {
        XCTAssertEqual(try JSON.parse("1.0"), .double(1))
        XCTAssertEqual(try JSON.parse("1e2"), .double(100))
        XCTAssertEqual(try JSON.parse("-0.0").doubleValue?.sign, .minus)
        XCTAssertEqual(try JSON.parse("0.1"), .double(0.1))
        XCTAssertEqual(try JSON.parse("1E-2"), .double(0.01))
        XCTAssertEqual(try JSON.parse("2.5e+3"), .double(2500))
        XCTAssertEqual(try JSON.parse("1e-400"), .double(0))
        XCTAssertThrowsError(try JSON.parse("1e400"))
        XCTAssertThrowsError(try JSON.parse("-1e400"))
    }

    func testEveryParsedDoubleMatchesTheCorrectlyRoundedReading() throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let digits = String(generator.next() % 10_000_000_000_000_000)
            let exponent = Int(generator.next() % 60) - 30
            let text = "\(digits.prefix(1)).\(digits.dropFirst())e\(exponent)"
            XCTAssertEqual(try JSON.parse(text).doubleValue, Double(text), text)
        }
    }

    func testBooleansAreNeverNumbers() throws {
        let value = try JSON.parse("[true,false,1,0]")
        XCTAssertEqual(value, [.bool(true), .bool(false), .int(1), .int(0)])
        XCTAssertNotEqual(JSON.bool(true), JSON.int(1))
        XCTAssertNotEqual(JSON.bool(false), JSON.int(0))
        XCTAssertNil(value[0]?.intValue)
        XCTAssertNil(value[2]?.boolValue)
    }

    func testEscapesAndSurrogatePairsDecode() throws {
        XCTAssertEqual(try JSON.parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#), .string("a\"\\/\u{8}\u{C}\n\r\té😀"))
        XCTAssertEqual(try JSON.parse(#""\ud800""#), .string("\u{FFFD}"))
        XCTAssertEqual(try JSON.parse(#""\udc00\ud800x""#), .string("\u{FFFD}\u{FFFD}x"))
        XCTAssertEqual(try JSON.parse(#""\ud800\u0041""#), .string("\u{FFFD}A"))
    }

    func testInvalidUTF8InStringsIsRejected() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            XCTAssertThrowsError(try JSON.parse(bytes), "\(bytes)")
        }
        XCTAssertEqual(try JSON.parse([0x22, 0xE2, 0x82, 0xAC, 0x22]), .string("€"))
    }

    func testParsingALineInsideALargerBufferNeedsNoCopy() throws {
        let buffer = Array(#"{"id":1}"# .utf8) + [0x0A] + Array(#"{"id":2}"#.utf8) + [0x0A]
        let second = try buffer.withUnsafeBytes { raw in try JSON.parse(UnsafeRawBufferPointer(rebasing: raw[9..<17])) }
        XCTAssertEqual(second, ["id": 2])
        XCTAssertEqual(try JSON.parse(buffer[0..<8]), ["id": 1])
        XCTAssertEqual(try JSON.parse(buffer[9..<17]), ["id": 2])
        XCTAssertThrowsError(try JSON.parse(buffer[9..<16])) { error in
            XCTAssertEqual((error as? JSONParseError)?.offset, 7, "offsets count from the start of the slice")
        }
    }

    func testErrorsSayWhatAndWhere() {
        XCTAssertThrowsError(try JSON.parse(#"{"a":tru}"#)) { error in
            XCTAssertEqual(error as? JSONParseError, JSONParseError(reason: "invalid literal", offset: 5))
        }
        XCTAssertThrowsError(try JSON.parse("")) { error in
            XCTAssertEqual((error as? JSONParseError)?.description, "unexpected end of input at byte 0")
        }
        XCTAssertThrowsError(try JSON.parse("[1] x")) { error in
            XCTAssertEqual((error as? JSONParseError)?.offset, 4)
        }
    }

    func testARepeatedKeyKeepsItsLastValueAtItsFirstPosition() throws {
        let value = try JSON.parse(#"{"a":1,"b":2,"a":3}"#)
        XCTAssertEqual(value.objectValue?.orderedKeys, ["a", "b"])
        XCTAssertEqual(value["a"], 3)
    }

    func testLargeObjectsKeepOrderAndLastWinsToo() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# } + [#""k3":"again""#]
        let value = try JSON.parse("{" + members.joined(separator: ",") + "}")
        XCTAssertEqual(value.objectValue?.count, 40)
        XCTAssertEqual(value.objectValue?.orderedKeys.first, "k0")
        XCTAssertEqual(value["k3"], "again")
        XCTAssertEqual(value["k39"], 39)
    }

    func testNestedContainersCloseIntoTheRightParents() throws {
        let value = try JSON.parse(#"{"a":[1,{"b":[2,3],"c":{}},[]],"d":{"e":[{"f":null}]},"g":4}"#)
        XCTAssertEqual(value, ["a": [1, ["b": [2, 3], "c": [:]], []], "d": ["e": [["f": nil]]], "g": 4])
    }

    func testLongASCIIStringsAreReadInWholeWordsAndStillStopAtEveryDelimiter() throws {
        for length in 0..<40 {
            let plain = String(repeating: "abcdefgh", count: 5).prefix(length)
            XCTAssertEqual(try JSON.parse("\"\(plain)\""), .string(String(plain)))
            XCTAssertEqual(try JSON.parse("\"\(plain)\\n\(plain)é\""), .string("\(plain)\n\(plain)é"))
            XCTAssertThrowsError(try JSON.parse("\"\(plain)\u{1}xxxxxxxx\""))
            XCTAssertThrowsError(try JSON.parse(Array("\"\(plain)".utf8) + [0xFF] + Array("xxxxxxxx\"".utf8)))
        }
    }
}

/// A small deterministic generator so property tests are reproducible.


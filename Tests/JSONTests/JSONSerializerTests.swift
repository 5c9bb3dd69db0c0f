import FeedVMTestSupport
import XCTest
@testable import JSON

final class JSONSerializerTests: XCTestCase {
    func testOutputIsAlwaysOneLine() throws {
        var text = ""
        for scalar in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        text += "\u{7F}\u{2028}\u{2029}\u{85}"
        let bytes = JSON.string(text).serialized()
        XCTAssertFalse(bytes.contains { $0 < 0x20 })
        let written = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(written.contains("\u{2028}"))
        XCTAssertFalse(written.contains("\u{2029}"))
        XCTAssertTrue(written.hasPrefix(#""\u0000\u0001"#))
        XCTAssertTrue(written.contains(#"\n"#))
        XCTAssertTrue(written.hasSuffix(#"\u007f\u2028\u2029"# + "\u{85}\""))
        XCTAssertEqual(try JSON.parse(bytes), .string(text))
    }

    func testEscapesAreFoundAtEveryPositionOfLongStrings() throws {
        for special in ["\"", "\\", "\n", "\u{7F}", "\u{2028}", "\u{1}", "é"] {
            for position in 0..<20 {
                let text = String(repeating: "a", count: position) + special + String(repeating: "b", count: 19 - position)
                let bytes = JSON.string(text).serialized()
                XCTAssertFalse(bytes.contains(0x0A) || bytes.contains(0x7F) || bytes.contains(0x01), text)
                XCTAssertEqual(try JSON.parse(bytes), .string(text), text)
            }
        }
    }

    func testNegativeZeroKeepsItsSign() throws {
        XCTAssertEqual(JSON.double(-0.0).jsonString, "-0.0")
        XCTAssertEqual(try JSON.parse(JSON.double(-0.0).serialized()).doubleValue?.sign, .minus)
    }

    func testKeysAreEscapedLikeValues() {
        XCTAssertEqual(JSON.object(JSONObject([("a\nb", .null)])).jsonString, #"{"a\nb":null}"#)
    }

    func testScalarsAndContainersAreCompact() {
        let value: JSON = ["a": [1, -2, 1.5, true, false, nil, "x"], "b": [:], "c": []]
        XCTAssertEqual(value.jsonString, #"{"a":[1,-2,1.5,true,false,null,"x"],"b":{},"c":[]}"#)
        XCTAssertEqual(JSON.int(.min).jsonString, "-9223372036854775808")
        XCTAssertEqual(JSON.int(.max).jsonString, "9223372036854775807")
    }

    func testIntegralDoublesStayDoublesAcrossARoundTrip() throws {
        for value in [0.0, -0.0, 12.0, 1e15, 1e16, -3e20, 1e300] {
            let text = JSON.double(value).serialized()
            XCTAssertEqual(try JSON.parse(text), .double(value), String(decoding: text, as: UTF8.self))
        }
        XCTAssertEqual(JSON.double(12).jsonString, "12.0")
    }

    func testDescriptionIsTheWireText() {
        XCTAssertEqual("\(["a": [1, "x"]] as JSON)", #"{"a":[1,"x"]}"#)
    }

    func testNonFiniteDoublesBecomeNull() {
        XCTAssertEqual(JSON.double(.infinity).jsonString, "null")
        XCTAssertEqual(JSON.double(.nan).jsonString, "null")
    }

    func testDoublesUseTheShortestTextThatReadsBackExactly() throws {
        XCTAssertEqual(JSON.double(0.1).jsonString, "0.1")
        XCTAssertEqual(JSON.double(1.0 / 3.0).jsonString, "0.3333333333333333")
        XCTAssertEqual(JSON.double(.leastNonzeroMagnitude).jsonString, "5e-324")
        var generator = SplitMix64(seed: 7)
        var checked = 0
        while checked < 20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            checked += 1
            let text = JSON.double(value).serialized()
            let back = try JSON.parse(text).doubleValue
            XCTAssertEqual(back?.bitPattern, value.bitPattern, String(decoding: text, as: UTF8.self))
        }
    }

    func testRandomValuesSurviveASerializeParseRoundTrip() throws {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<500 {
            let value = randomJSON(depth: 0, using: &generator)
            let bytes = value.serialized()
            XCTAssertFalse(bytes.contains(0x0A))
            XCTAssertEqual(try JSON.parse(bytes), value)
            XCTAssertEqual(try JSON.parse(value.jsonString), value)
        }
    }

    private func randomJSON(depth: Int, using generator: inout SplitMix64) -> JSON {
        let alphabet: [Unicode.Scalar] = ["a", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{2028}", "\u{2029}", "/", " "]
        func randomString() -> String {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            return text
        }
        switch Int.random(in: 0...(depth < 4 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(Int64(bitPattern: generator.next()) >> Int64.random(in: 0...63, using: &generator))
        case 3:
            let value = Double(bitPattern: generator.next())
            return .double(value.isFinite ? value : 0.5)
        case 4, 5: return .string(randomString())
        case 6: return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in randomJSON(depth: depth + 1, using: &generator) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &generator) { object[randomString()] = randomJSON(depth: depth + 1, using: &generator) }
            return .object(object)
        }
    }
}

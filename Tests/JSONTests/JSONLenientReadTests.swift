import XCTest
@testable import JSON

final class JSONLenientReadTests: XCTestCase {
    func testLenientIntAcceptsIntegralNumbersAndNumericStrings() {
        XCTAssertEqual(JSON.int(12).lenientInt, 12)
        XCTAssertEqual(JSON.double(12.0).lenientInt, 12)
        XCTAssertEqual(JSON.string("12").lenientInt, 12)
        XCTAssertEqual(JSON.string(" -12 ").lenientInt, -12)
        XCTAssertEqual(JSON.string("1.2e1").lenientInt, 12)
    }

    func testLenientIntRefusesWhatIsNotAnExactInteger() {
        XCTAssertNil(JSON.double(12.5).lenientInt)
        XCTAssertNil(JSON.double(1e30).lenientInt)
        XCTAssertNil(JSON.string("12abc").lenientInt)
        XCTAssertNil(JSON.string("0x10").lenientInt)
        XCTAssertNil(JSON.string("").lenientInt)
        XCTAssertNil(JSON.string("[1]").lenientInt)
        XCTAssertNil(JSON.bool(true).lenientInt)
        XCTAssertNil(JSON.null.lenientInt)
    }

    func testLenientDoubleAcceptsNumbersAndNumericStrings() {
        XCTAssertEqual(JSON.int(3).lenientDouble, 3)
        XCTAssertEqual(JSON.double(1.5).lenientDouble, 1.5)
        XCTAssertEqual(JSON.string("1.5").lenientDouble, 1.5)
        XCTAssertNil(JSON.string("NaN").lenientDouble)
        XCTAssertNil(JSON.string("1,5").lenientDouble)
        XCTAssertNil(JSON.bool(false).lenientDouble)
    }

    func testLenientStringSpellsScalars() {
        XCTAssertEqual(JSON.string("x").lenientString, "x")
        XCTAssertEqual(JSON.int(12).lenientString, "12")
        XCTAssertEqual(JSON.double(1.5).lenientString, "1.5")
        XCTAssertEqual(JSON.bool(true).lenientString, "true")
        XCTAssertNil(JSON.null.lenientString)
        XCTAssertNil(JSON.array([]).lenientString)
    }

    func testLenientBoolAcceptsZeroOneAndWords() {
        XCTAssertEqual(JSON.bool(true).lenientBool, true)
        XCTAssertEqual(JSON.int(1).lenientBool, true)
        XCTAssertEqual(JSON.int(0).lenientBool, false)
        XCTAssertEqual(JSON.double(0).lenientBool, false)
        for word in ["true", "TRUE", " yes", "1"] { XCTAssertEqual(JSON.string(word).lenientBool, true, word) }
        for word in ["false", "No", "0 "] { XCTAssertEqual(JSON.string(word).lenientBool, false, word) }
    }

    func testLenientBoolRefusesOtherValues() {
        XCTAssertNil(JSON.int(2).lenientBool)
        XCTAssertNil(JSON.string("y").lenientBool)
        XCTAssertNil(JSON.null.lenientBool)
    }

    func testStrictAccessorsStayStrict() {
        XCTAssertNil(JSON.string("12").intValue)
        XCTAssertNil(JSON.int(1).boolValue)
        XCTAssertNil(JSON.int(1).stringValue)
    }
}

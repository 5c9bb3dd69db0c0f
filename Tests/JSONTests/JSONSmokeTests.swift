import XCTest
@testable import JSON

final class JSONSmokeTests: XCTestCase {
    func testRoundTripOfAnEnvelope() throws {
        let text = #"{"jsonrpc":"2.0","id":1,"result":{"a":[true,null,1.5,"x\u2028y"]}}"#
        let value = try JSON.parse(text)
        XCTAssertEqual(value["id"], .int(1))
        XCTAssertEqual(value.jsonString, #"{"jsonrpc":"2.0","id":1,"result":{"a":[true,null,1.5,"x\u2028y"]}}"#)
    }
}

import JSON
import XCTest
@testable import RPC

/// Named params: -32602 naming the field, nested fields by their path.
final class RPCParamsTests: XCTestCase {
    private func field(of body: () throws(RPCError) -> Void) -> JSON? {
        do {
            try body()
            return nil
        } catch {
            XCTAssertEqual(error.code, -32602)
            return error.data?["field"]
        }
    }

    func testReadsPresentMembersAndTreatsNullAsAbsent() throws {
        let params = try RPCParams(["session": "s1", "reload": true, "index": 3, "gone": nil])
        XCTAssertEqual(try params.string("session"), "s1")
        XCTAssertEqual(try params.bool("reload"), true)
        XCTAssertEqual(try params.int("index"), 3)
        XCTAssertNil(try params.optionalString("gone"))
        XCTAssertNil(try RPCParams(nil).optionalBool("reload"))
    }

    func testAMissingOrMistypedMemberNamesTheField() {
        XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams(["a": 1]).string("session") }, "session")
        XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams(["session": 1]).string("session") }, "session")
        XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams(["reload": "yes"]).optionalBool("reload") }, "reload")
        XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams([1, 2]) }, "params")
    }

    func testAnIntegerIsOneByValue() throws {
        XCTAssertEqual(try RPCParams(["index": 3.0]).int("index"), 3)
        XCTAssertEqual(try RPCParams(["index": 3e2]).optionalInt("index"), 300)
        for value: JSON in [3.5, 1e300, "3", true] {
            XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams(["index": value]).int("index") }, "index", "\(value)")
        }
    }

    func testNestedObjectsNameFieldsByPath() {
        XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams(["input": ["pageSize": "ten"]]).nested("input")?.optionalInt("pageSize") }, "input.pageSize")
        XCTAssertEqual(field { () throws(RPCError) in _ = try RPCParams(["input": 5]).nested("input") }, "input")
    }
}

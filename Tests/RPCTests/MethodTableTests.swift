import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// The router's table of registrations finds every name it was given, and nothing else.
final class MethodTableTests: XCTestCase {
    func testEveryNameIsFoundAndNoOther() {
        let names = (0..<200).map { "method/\($0)" } + ["", "ping", "$/cancelRequest", "a name longer than sixteen bytes"]
        let table = MethodTable(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) }))
        for (position, name) in names.enumerated() { XCTAssertEqual(table[name], position, name) }
        for missing in ["method/200", "Ping", "ping ", "method/"] { XCTAssertNil(table[missing], missing) }
    }

    func testAnEmptyTableFindsNothing() {
        XCTAssertNil(MethodTable<Int>([:])["ping"])
    }

    func testAMethodRegisteredWhileServingIsServedFromTheNextMessageOn() {
        let harness = InProcessServer { _ in }
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"late"}"#).first?["error"]?["code"], .int(-32601))
        harness.server.registerSynchronous("late") { _ in "served" }
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"late"}"#).first?["result"], "served")
    }
}

import Foundation
import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// The built-in methods agree with protocol/feedvm.openrpc.json, the normative contract.
final class OpenRPCContractTests: XCTestCase {
    /// The client-to-server methods of the contract, by name, with their `x-notification` flag.
    private func contractMethods(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Bool] {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("protocol/feedvm.openrpc.json")
            if FileManager.default.fileExists(atPath: candidate.path) {
                let document = try JSON.parse(Array(try Data(contentsOf: candidate)))
                var methods: [String: Bool] = [:]
                for method in document["methods"]?.arrayValue ?? [] where method["x-direction"]?.stringValue != "serverToClient" {
                    if let name = method["name"]?.stringValue { methods[name] = method["x-notification"]?.boolValue ?? false }
                }
                return methods
            }
            directory.deleteLastPathComponent()
        }
        XCTFail("protocol/feedvm.openrpc.json not found above \(#filePath)", file: file, line: line)
        return [:]
    }

    func testEveryBuiltinMethodIsInTheContract() throws {
        let contract = try contractMethods()
        let builtins = RPCServer(configuration: InProcessServer.quietConfiguration(), input: -1, output: -1).methods
        XCTAssertEqual(builtins, ["$/cancelRequest", "exit", "initialize", "ping", "shutdown"])
        for method in builtins {
            XCTAssertNotNil(contract[method], "\(method) is in the contract")
        }
        XCTAssertEqual(contract[BuiltinMethod.exit], true, "exit is a notification")
        XCTAssertEqual(contract[BuiltinMethod.cancelRequest], true, "$/cancelRequest is a notification")
        XCTAssertEqual(contract[BuiltinMethod.ping], false)
    }
}

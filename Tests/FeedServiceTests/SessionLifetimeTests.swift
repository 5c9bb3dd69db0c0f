import FeedVMTestSupport
import Foundation
import JSON
import Logging
import RPC
import XCTest
@testable import FeedService
@testable import Feed

/// A disposed session, its view model and its lists are freed: a long-lived process stays flat.
final class SessionLifetimeTests: XCTestCase {
    func testADisposedSessionIsReleased() throws {
        var configuration = FeedServiceConfiguration()
        configuration.cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-lifetime-\(UUID())").path
        let service = FeedService(configuration: configuration, logger: Logger(level: .off))
        var rpc = InProcessServer.quietConfiguration()
        rpc.requiresNamedParams = true
        let server = InProcessServer(configuration: rpc) { service.register(on: $0) }
        func call(_ id: Int, _ method: String, _ params: JSON) -> JSON {
            server.client.send((["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params] as JSON).jsonString)
            while true {
                let message = server.client.receive()
                if message["id"] == .int(Int64(id)) || message == .null { return message }
            }
        }
        XCTAssertEqual(call(1, "transform", ["input": ["total": 45]])[keyPath: "result.session"], "s1")
        weak let session = try service.sessions.session("s1")
        weak let viewModel = session?.viewModel
        XCTAssertNotNil(call(2, "bindRefreshStatus", ["session": "s1"])["result"])
        XCTAssertNotNil(call(3, "requestCommand", ["session": "s1", "reload": true])["result"])
        XCTAssertNotNil(call(4, "requestCommand", ["session": "s1", "reload": false])["result"])
        XCTAssertNotNil(call(5, "loadImage", ["session": "s1", "index": 0])["result"])
        XCTAssertNotNil(call(6, "willDisplay", ["session": "s1", "index": 19])["result"])
        XCTAssertEqual(call(7, "dispose", ["session": "s1"])["result"], [:])
        XCTAssertEqual(call(8, "ping", [:])["result"], [:])
        XCTAssertNil(session, "the disposed session is still held")
        XCTAssertNil(viewModel, "the disposed session's view model is still held")
    }
}

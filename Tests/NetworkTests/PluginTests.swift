import Foundation
import Reactive
import XCTest
@testable import Network

final class PluginTests: XCTestCase {
    func testStubTransportAcceptsCustomSchemesAndAnswersOnItsScheduler() throws {
        let scheduler = TestScheduler.centiseconds()
        let transport = StubTransport(scheduler: scheduler, delay: 0.25) { request in
            .response(statusCode: 200, headers: ["Content-Type": "image/png"], body: Data(request.url.absoluteString.utf8))
        }
        let provider = Provider<URLTarget>(transport: transport)
        let results = Recorder<Result<Response, NetworkError>>()

        provider.request(URLTarget(baseURL: URL(string: "stub://images/")!, path: "7.png")) { results.append($0) }
        scheduler.advanceTo(24)
        XCTAssertTrue(results.all.isEmpty)
        scheduler.advanceTo(25)

        let response = try XCTUnwrap(results.all.first).get()
        XCTAssertEqual(try response.mapString(), "stub://images/7.png")
        XCTAssertEqual(response.header("content-type"), "image/png")
    }
}

extension PluginTests {
    func testAMultiTargetSendsEachWrappedTargetAsItIs() {
        struct Other: TargetType {
            var baseURL: URL { URL(string: "https://b.example")! }
            var path: String { "open" }
            var headers: [String: String]? { ["uid": "456"] }
        }
        let seen = Recorder<String>()
        let provider = Provider<MultiTarget>(
            transport: StubTransport { request in
                seen.append("\(request.method) \(request.url.absoluteString) \(request.value(forHTTPHeaderField: "uid") ?? "-")")
                return .response(statusCode: 200, body: Data())
            })

        provider.request(MultiTarget(TestAPI.createPost(title: "t"))) { _ in }
        provider.request(MultiTarget(Other())) { _ in }

        XCTAssertEqual(seen.all, ["POST https://api.example.com/v1/posts -", "GET https://b.example/open 456"])
    }

    func testAuthorizationTypesWriteTheirSchemeBeforeTheToken() {
        XCTAssertEqual(AuthorizationType.bearer.headerValue(for: "t1"), "Bearer t1")
        XCTAssertEqual(AuthorizationType.basic.headerValue(for: "dXNlcg=="), "Basic dXNlcg==")
        XCTAssertEqual(AuthorizationType.custom("Client-ID").headerValue(for: "key"), "Client-ID key")
    }
}

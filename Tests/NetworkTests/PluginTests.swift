import Foundation
import Reactive
import XCTest
@testable import Network

final class PluginTests: XCTestCase {
    private func authorization(sending target: TestAPI, with plugin: AccessTokenPlugin) -> String? {
        let seen = Recorder<String>()
        let provider = Provider<TestAPI>(
            transport: StubTransport { request in
                seen.append(request.value(forHTTPHeaderField: "Authorization") ?? "none")
                return .response(statusCode: 200, body: Data())
            },
            plugins: [plugin])
        provider.request(target) { _ in }
        return seen.all.first
    }

    func testAccessTokenPluginWritesBearerClientIDOrCustomSchemes() {
        XCTAssertEqual(authorization(sending: .zen, with: AccessTokenPlugin { _ in "t1" }), "Bearer t1")
        XCTAssertEqual(authorization(sending: .zen, with: AccessTokenPlugin(authorizationType: .clientID) { _ in "key" }), "Client-ID key")
        XCTAssertEqual(authorization(sending: .zen, with: AccessTokenPlugin(authorizationType: .custom("Token")) { _ in "abc" }), "Token abc")
        XCTAssertEqual(authorization(sending: .zen, with: AccessTokenPlugin { _ in nil }), "none")
    }

    func testATargetCanOptOutOfTheAccessToken() {
        struct Public: TargetType, AccessTokenAuthorizable {
            var baseURL: URL { URL(string: "https://a.example")! }
            var path: String { "public" }
            var authorizationType: AuthorizationType? { nil }
        }
        let seen = Recorder<String>()
        let provider = Provider<Public>(
            transport: StubTransport { request in
                seen.append(request.value(forHTTPHeaderField: "Authorization") ?? "none")
                return .response(statusCode: 200, body: Data())
            },
            plugins: [AccessTokenPlugin { _ in "t" }])
        provider.request(Public()) { _ in }
        XCTAssertEqual(seen.all, ["none"])
    }

    func testActivityPluginReportsBeganThenEndedForSuccessAndFailure() {
        let changes = Recorder<String>()
        let plugin = NetworkActivityPlugin { change, target in changes.append("\(change) \(target.path)") }
        let ok = Provider<TestAPI>(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        let failing = Provider<TestAPI>(transport: StubTransport { _ in .failure(.timedOut(nil)) }, plugins: [plugin])

        ok.request(.zen) { _ in }
        failing.request(.search(query: "x", page: 1)) { _ in }

        XCTAssertEqual(changes.all, ["began zen", "ended zen", "began search", "ended search"])
    }

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
    func testAMultiTargetForwardsEverythingAndItsTargetsAuthorizationChoice() throws {
        struct Public: TargetType, AccessTokenAuthorizable {
            var baseURL: URL { URL(string: "https://b.example")! }
            var path: String { "open" }
            var authorizationType: AuthorizationType? { nil }
        }
        let seen = Recorder<String>()
        let provider = Provider<MultiTarget>(
            transport: StubTransport { request in
                seen.append("\(request.method) \(request.url.absoluteString) \(request.value(forHTTPHeaderField: "Authorization") ?? "none")")
                return .response(statusCode: 200, body: Data())
            },
            plugins: [AccessTokenPlugin(authorizationType: .clientID) { _ in "k" }])

        provider.request(MultiTarget(TestAPI.createPost(title: "t"))) { _ in }
        provider.request(MultiTarget(Public())) { _ in }

        XCTAssertEqual(seen.all, ["POST https://api.example.com/v1/posts Client-ID k", "GET https://b.example/open none"])
    }
}

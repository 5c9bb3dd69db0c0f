import Foundation
import XCTest
@testable import Network
import Logging

final class NetworkLoggerPluginTests: XCTestCase {
    private let secrets = ["s3cr3t-bearer", "cookie-value-42", "query-token-9", "CLIENTKEY77", "ak-0001", "set-cookie-zz", "pw-hunter2", "house-secret", "refresh-xyz", "userinfo-pass"]

    /// A provider whose request and response are full of secrets, logging verbosely to `lines`.
    private func sendRequestFullOfSecrets(lines: Recorder<String>) {
        struct Secretive: TargetType {
            var baseURL: URL { URL(string: "https://me:userinfo-pass@api.example.com/v1/")! }
            var path: String { "login" }
            var method: HTTPMethod { .post }
            var task: RequestTask {
                .requestCompositeParameters(
                    bodyParameters: ["user": "ada", "password": "pw-hunter2", "profile": ["refresh_token": "refresh-xyz", "city": "Paris"]],
                    bodyEncoding: .json,
                    urlParameters: ["access_token": "query-token-9", "client_id": "CLIENTKEY77", "page": 1, "X-House": "house-secret"])
            }
            var headers: [String: String]? {
                ["Authorization": "Bearer s3cr3t-bearer", "Cookie": "sid=cookie-value-42", "X-Access-Key": "ak-0001", "x-house": "house-secret", "Accept": "application/json"]
            }
        }
        let transport = StubTransport { _ in
            .response(statusCode: 200, headers: ["Set-Cookie": "sid=set-cookie-zz", "Content-Type": "application/json"],
                      body: Data(#"{"token":"s3cr3t-bearer","user":{"name":"ada","session_id":"cookie-value-42"}}"#.utf8))
        }
        let logger = Logger(level: .debug, label: "network") { lines.append($0) }
        let provider = Provider<Secretive>(transport: transport, plugins: [NetworkLoggerPlugin(logger: logger, verbose: true, secretNames: ["X-House"])])
        provider.request(Secretive()) { _ in }
    }

    func testVerboseLogsOfARequestWithSecretsContainNoneOfThem() {
        let lines = Recorder<String>()
        sendRequestFullOfSecrets(lines: lines)
        let output = lines.all.joined(separator: "\n")

        XCTAssertFalse(lines.all.isEmpty)
        for secret in secrets {
            XCTAssertFalse(output.contains(secret), "\(secret) leaked into:\n\(output)")
        }
    }

    func testVerboseLogsStillShowWhatIsNotSecret() {
        let lines = Recorder<String>()
        sendRequestFullOfSecrets(lines: lines)

        XCTAssertEqual(lines.all, [
            "network [info] -> POST https://api.example.com/v1/login?X-House=REDACTED&access_token=REDACTED&client_id=REDACTED&page=1",
            "network [debug]    Accept: application/json",
            "network [debug]    Authorization: REDACTED",
            "network [debug]    Content-Type: application/json",
            "network [debug]    Cookie: REDACTED",
            "network [debug]    X-Access-Key: REDACTED",
            "network [debug]    x-house: REDACTED",
            #"network [debug]    body: {"password":"REDACTED","profile":{"refresh_token":"REDACTED","city":"Paris"},"user":"ada"}"#,
            "network [info] <- 200 POST https://api.example.com/v1/login?X-House=REDACTED&access_token=REDACTED&client_id=REDACTED&page=1 (78 bytes)",
            "network [debug]    Content-Type: application/json",
            "network [debug]    Set-Cookie: REDACTED",
            #"network [debug]    body: {"token":"REDACTED","user":{"name":"ada","session_id":"REDACTED"}}"#,
        ])
    }

    func testFailuresAreLoggedAsWarningsAndQuietModeSkipsHeadersAndBodies() {
        let lines = Recorder<String>()
        let logger = Logger(level: .debug, label: "net") { lines.append($0) }
        let provider = Provider<TestAPI>(transport: StubTransport { _ in .failure(.timedOut(nil)) }, plugins: [NetworkLoggerPlugin(logger: logger)])
        provider.request(.search(query: "cats", page: 1)) { _ in }
        XCTAssertEqual(lines.all, [
            "net [info] -> GET https://api.example.com/v1/search?page=1&q=cats",
            "net [warning] <- failed: The request timed out (GET https://api.example.com/v1/search?page=1&q=cats)",
        ])
    }

    func testFailureMessagesUseTheCallersSecretNamesToo() {
        let lines = Recorder<String>()
        let logger = Logger(level: .info, label: "net") { lines.append($0) }
        let provider = Provider<TestAPI>(transport: StubTransport { _ in .failure(.timedOut(nil)) },
                                         plugins: [NetworkLoggerPlugin(logger: logger, secretNames: ["q"])])
        provider.request(.search(query: "private words", page: 1)) { _ in }
        XCTAssertEqual(lines.all, [
            "net [info] -> GET https://api.example.com/v1/search?page=1&q=REDACTED",
            "net [warning] <- failed: The request timed out (GET https://api.example.com/v1/search?page=1&q=REDACTED)",
        ])
    }

    /// The body line a verbose logger writes for an answer of `contentType` with `body`.
    private func loggedBody(_ body: String, contentType: String?, status: Int = 200, plugin: (Logger) -> NetworkLoggerPlugin = { NetworkLoggerPlugin(logger: $0, verbose: true) }) -> String? {
        let lines = Recorder<String>()
        let logger = Logger(level: .debug, label: "net") { lines.append($0) }
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        let provider = Provider<TestAPI>(
            transport: StubTransport { _ in .response(statusCode: status, headers: headers, body: Data(body.utf8)) },
            plugins: [plugin(logger)])
        provider.request(.onlySuccess) { _ in }
        return lines.all.last { $0.hasPrefix("net [debug]    body: ") }.map { String($0.dropFirst("net [debug]    body: ".count)) }
    }

    func testBodiesOfUnknownFormatsOrJSONThatDoesNotParseAreShownOnlyBySize() {
        XCTAssertEqual(loggedBody("\u{89}PNG token=abc", contentType: "image/png"), "<15 bytes>")
        XCTAssertEqual(loggedBody(#"{"token": "abc""#, contentType: "application/json"), "<15 bytes>")
    }

    func testPlainTextBodiesAreShownWithNameValueSecretsHidden() {
        XCTAssertEqual(loggedBody("Half measures are as bad as nothing at all.", contentType: "text/plain"), "Half measures are as bad as nothing at all.")
        XCTAssertEqual(loggedBody("user=ada\npassword=hunter2&token=abc", contentType: "text/plain; charset=utf-8"), "user=ada\npassword=REDACTED&token=REDACTED")
        XCTAssertEqual(loggedBody("no type given", contentType: nil), "no type given")
        XCTAssertEqual(loggedBody(#"{"secret":"x","n":1}"#, contentType: nil), #"{"secret":"REDACTED","n":1}"#, "read as JSON when it parses")
    }

    func testTheBodyOfARejectedAnswerIsLoggedToo() {
        XCTAssertEqual(loggedBody("Internal error", contentType: "text/plain", status: 500), "Internal error")
    }

    func testTheLoggerDropsMessagesBelowItsLevelWithoutBuildingThem() {
        let lines = Recorder<String>()
        let logger = Logger(level: .warning, label: "x") { lines.append($0) }
        logger.info({ XCTFail("built a dropped message"); return "" }())
        logger.error("boom")
        XCTAssertEqual(lines.all, ["x [error] boom"])
    }
}

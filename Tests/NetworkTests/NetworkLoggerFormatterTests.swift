import Foundation
import Logging
import XCTest
@testable import Network

/// The formatters of the logger (seed 004's `responseDataFormatter`), and that no formatter can
/// see or bring back a secret.
final class NetworkLoggerFormatterTests: XCTestCase {
    /// Seed 004's formatter: pretty-printed JSON, or the body as it is.
    private static let prettyJSON: NetworkLoggerPlugin.ResponseDataFormatter = { data in
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { return data }
        return pretty
    }

    private func log(
        sending target: TestAPI = .zen, answer: String, contentType: String = "application/json", secrets: SecretRedactor? = nil,
        requestDataFormatter: NetworkLoggerPlugin.RequestDataFormatter? = nil,
        responseDataFormatter: NetworkLoggerPlugin.ResponseDataFormatter? = nil
    ) -> [String] {
        let lines = Recorder<String>()
        let logger = Logger(level: .debug, label: "net", redactor: secrets) { lines.append($0) }
        let plugin = NetworkLoggerPlugin(
            logger: logger, verbose: true, requestDataFormatter: requestDataFormatter, responseDataFormatter: responseDataFormatter)
        let provider = Provider<TestAPI>(
            transport: StubTransport { _ in .response(statusCode: 200, headers: ["Content-Type": contentType], body: Data(answer.utf8)) },
            plugins: [plugin])
        provider.request(target) { _ in }
        return lines.all
    }

    func testTheResponseDataFormatterShapesTheLoggedBody() {
        let lines = log(answer: #"{"b":[1,2],"a":"x"}"#, responseDataFormatter: Self.prettyJSON)
        XCTAssertEqual(lines.last, "net [debug]    body: {\n  \"a\" : \"x\",\n  \"b\" : [\n    1,\n    2\n  ]\n}")
    }

    func testTheRequestDataFormatterShapesTheLoggedRequestBody() {
        let lines = log(sending: .createPost(title: "hello"), answer: "{}", requestDataFormatter: { data in "\(data.count) bytes of JSON" })
        XCTAssertTrue(lines.contains("net [debug]    body: 31 bytes of JSON"), "\(lines)")
    }

    func testAFormatterSeesOnlyTheRedactedBody() {
        let seen = Recorder<String>()
        let secrets = SecretRedactor()
        secrets.insert("registered-secret-7")
        let lines = log(
            sending: .login(password: "pw-hunter2"), answer: #"{"token":"tok-123456","note":"registered-secret-7"}"#, secrets: secrets,
            requestDataFormatter: { data in seen.append(String(decoding: data, as: UTF8.self)); return "request" },
            responseDataFormatter: { data in seen.append(String(decoding: data, as: UTF8.self)); return data })

        XCTAssertEqual(seen.all, [#"{"password":"REDACTED","user":"ada"}"#, #"{"token":"REDACTED","note":"REDACTED"}"#])
        for secret in ["pw-hunter2", "tok-123456", "registered-secret-7"] {
            XCTAssertFalse(lines.joined(separator: "\n").contains(secret), "\(secret) leaked: \(lines)")
        }
    }

    func testWhatAFormatterReturnsIsRedactedAgain() {
        let secrets = SecretRedactor()
        secrets.insert("registered-secret-7")
        // A formatter that writes a known secret of its own accord (say, from a captured variable).
        let lines = log(answer: "{}", secrets: secrets, responseDataFormatter: { _ in Data("echo registered-secret-7".utf8) })
        XCTAssertEqual(lines.last, "net [debug]    body: echo REDACTED")
    }

    func testPrettyPrintingKeepsNameRedactionAndValueRedaction() {
        let secrets = SecretRedactor()
        secrets.insert("https://cdn.example/a/b?sig=registered")
        let lines = log(
            answer: #"{"access_token":"x/y/z-123","image":"https://cdn.example/a/b?sig=registered"}"#, secrets: secrets,
            responseDataFormatter: Self.prettyJSON)
        // JSONSerialization escapes "/" as "\/": a form of the secret the redactor could not know,
        // which is why the formatter gets the body after redaction, not before.
        XCTAssertEqual(lines.last, "net [debug]    body: {\n  \"access_token\" : \"REDACTED\",\n  \"image\" : \"REDACTED\"\n}")
    }
}

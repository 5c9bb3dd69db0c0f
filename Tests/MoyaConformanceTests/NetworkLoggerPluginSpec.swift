import Foundation
import Logging
import Network
import XCTest

/// Moya's `NetworkLoggerPluginSpec`, adapted to our logger: levelled lines (`->` for a request,
/// `<-` for an answer, `body:` for a body) instead of Moya's "Request:", "Response Body:" labels.
final class NetworkLoggerPluginSpec: XCTestCase {
    private let log = Box<String>("")

    private func plugin(requestDataFormatter: NetworkLoggerPlugin.RequestDataFormatter? = nil,
                        responseDataFormatter: NetworkLoggerPlugin.ResponseDataFormatter? = nil) -> NetworkLoggerPlugin {
        let log = self.log
        let logger = Logger(level: .debug, label: "net") { line in log.set((log.value ?? "") + line + "\n") }
        return NetworkLoggerPlugin(logger: logger, verbose: true, requestDataFormatter: requestDataFormatter, responseDataFormatter: responseDataFormatter)
    }

    /// Moya's `TestBodyRequest`: a JSON request to zen. Adapted: its body is valid JSON (`"cool
    /// body"`); a body declared JSON that does not parse is shown by its size only, as it cannot
    /// be redacted (DESIGN.md).
    private let bodyRequest = HTTPRequest(url: URL(string: url(GitHub.zen))!, headers: ["Content-Type": "application/json"], body: Data(#""cool body""#.utf8))

    private func zenResponse(_ status: Int = 200, _ body: String) -> Response {
        Response(statusCode: status, data: Data(body.utf8), request: HTTPRequest(url: URL(string: url(GitHub.zen))!))
    }

    private var output: String { log.value ?? "" }

    func testOutputsAllRequestFieldsWithBody() {
        plugin().willSend(bodyRequest, target: GitHub.zen)
        XCTAssertTrue(output.contains("-> GET https://api.github.com/zen"), output)
        XCTAssertTrue(output.contains("Content-Type: application/json"), output)
        XCTAssertTrue(output.contains(#"body: "cool body""#), output)
    }

    func testOutputsTheResponseData() {
        plugin().didReceive(.success(zenResponse(200, "cool body")), target: GitHub.zen)
        XCTAssertTrue(output.contains("<- 200 GET https://api.github.com/zen"), output)
        XCTAssertTrue(output.contains("body: cool body"), output)
    }

    func testOutputsAValidationErrorMessage() {
        plugin().didReceive(.failure(.statusCode(zenResponse(500, "Internal error"))), target: GitHub.zen)
        XCTAssertTrue(output.contains("<- failed: Unacceptable status code 500 (GET https://api.github.com/zen, status 500)"), output)
        XCTAssertTrue(output.contains("body: Internal error"), output)
    }

    /// Adapted: Moya prints `Error calling zen : underlying(...)`, the error's raw fields; ours
    /// says what failed in words.
    func testOutputsASerializationErrorMessage() {
        let error = NSError(domain: "Alamofire.AFError", code: 4, userInfo: [NSLocalizedDescriptionKey: "Response could not be serialized, input file was nil."])
        plugin().didReceive(.failure(.underlying(error, request: nil, response: nil)), target: GitHub.zen)
        XCTAssertTrue(output.contains("<- failed: The request failed: Response could not be serialized, input file was nil."), output)
    }

    func testOutputsTheFormattedRequestData() {
        plugin(requestDataFormatter: { _ in "formatted request body" }).willSend(bodyRequest, target: GitHub.zen)
        XCTAssertTrue(output.contains("-> GET https://api.github.com/zen"), output)
        XCTAssertTrue(output.contains("body: formatted request body"), output)
    }

    func testOutputsTheFormattedResponseData() {
        plugin(responseDataFormatter: { _ in Data("formatted response body".utf8) }).didReceive(.success(zenResponse(200, "cool body")), target: GitHub.zen)
        XCTAssertTrue(output.contains("<- 200 GET https://api.github.com/zen"), output)
        XCTAssertTrue(output.contains("body: formatted response body"), output)
    }
}

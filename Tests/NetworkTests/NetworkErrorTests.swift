import Foundation
import XCTest
@testable import Network

final class NetworkErrorTests: XCTestCase {
    private let request: HTTPRequest = {
        var request = HTTPRequest(url: URL(string: "https://user:pass@api.example.com/photos?page=1&client_id=KEY123&sig=zz")!)
        request.method = .post
        return request
    }()

    func testEveryCaseSaysWhatHappenedAndWhereWithoutSecrets() {
        let response = Response(statusCode: 503, data: Data(), request: request)
        let location = "POST https://api.example.com/photos?page=1&client_id=REDACTED&sig=REDACTED"
        let cases: [(NetworkError, String)] = [
            (.jsonMapping(response), "The response is not valid JSON (\(location), status 503)"),
            (.stringMapping(response), "The response is not valid UTF-8 text (\(location), status 503)"),
            (.objectMapping(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad")), keyPath: "data", response: response),
             #"Could not map the response at key path "data": bad (\#(location), status 503)"#),
            (.objectMapping(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad")), keyPath: nil, response: response),
             "Could not map the response: bad (\(location), status 503)"),
            (.statusCode(response), "Unacceptable status code 503 (\(location), status 503)"),
            (.underlying(TransportError(code: 7, description: "could not connect to the server"), request: request, response: nil), "The request failed: could not connect to the server (\(location))"),
            (.requestMapping("http://u:p@h/x?token=t"), #"Could not build a request for the URL "http://h/x?token=REDACTED""#),
            (.parameterEncoding(EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no"))), "Could not encode the request parameters: \(EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no")))"),
            (.cancelled(request), "The request was cancelled (\(location))"),
            (.cancelled(nil), "The request was cancelled"),
            (.timedOut(request), "The request timed out (\(location))"),
            (.bodyTooLarge(limit: 1024, request: request), "The response body exceeds the limit of 1024 bytes (\(location))"),
            (.malformedResponse(detail: "no status line", request: request), "The server's answer is not valid HTTP: no status line (\(location))"),
            (.tooManyRedirects(limit: 10, request: request), "Too many redirects (more than 10) (\(location))"),
            (.transportUnavailable(reason: "no libcurl", request: nil), "HTTP is unavailable: no libcurl"),
            (.unsupportedURLScheme("ftp", request: nil), #"Unsupported URL scheme "ftp": only http and https are allowed"#),
            (.authenticationFailed(reason: "refresh failed", request: request), "Authentication failed: refresh failed (\(location))"),
        ]
        for (error, message) in cases {
            XCTAssertEqual(error.message, message)
            XCTAssertEqual(error.description, message)
            XCTAssertEqual(error.localizedDescription, message)
            XCTAssertFalse(error.message.contains("KEY123") || error.message.contains("pass@"), error.message)
        }
    }

    func testMessagesCanHideTheCallersOwnSecretParameters() {
        var request = HTTPRequest(url: URL(string: "https://api.example.com/feed?page=1&device=PHONE-42")!)
        request.method = .get
        XCTAssertEqual(NetworkError.timedOut(request).message(redactingWith: Redactor(secretNames: ["device"])),
                       "The request timed out (GET https://api.example.com/feed?page=1&device=REDACTED)")
        XCTAssertEqual(NetworkError.timedOut(request).message, "The request timed out (GET https://api.example.com/feed?page=1&device=PHONE-42)")
    }

    func testCancelledMatchesWhateverItsPayload() {
        XCTAssertTrue(NetworkError.cancelled(request).isCancelled)
        XCTAssertFalse(NetworkError.timedOut(nil).isCancelled)
        if case .cancelled = NetworkError.cancelled(nil) {} else { XCTFail("pattern without payload must match") }
    }

    func testRequestAndResponseAreExposedWhereKnown() {
        let response = Response(statusCode: 401, data: Data(), request: request)
        XCTAssertEqual(NetworkError.statusCode(response).request, request)
        XCTAssertEqual(NetworkError.statusCode(response).response, response)
        XCTAssertEqual(NetworkError.timedOut(request).request, request)
        XCTAssertNil(NetworkError.requestMapping("x").request)
    }
}

extension NetworkErrorTests {
    func testAFoundationErrorIsToldByItsDescriptionNotItsRawFields() {
        let houston = NSError(domain: "com.example", code: 7, userInfo: [NSLocalizedDescriptionKey: "Houston, we have a problem"])
        XCTAssertEqual(NetworkError.underlying(houston, request: nil, response: nil).message, "The request failed: Houston, we have a problem")
        XCTAssertEqual(NetworkError.parameterEncoding(houston).message, "Could not encode the request parameters: Houston, we have a problem")
        struct Plain: Error {}
        XCTAssertEqual(NetworkError.underlying(Plain(), request: nil, response: nil).message, "The request failed: Plain()", "a Swift error keeps its own description")
    }

    func testTheUnderlyingErrorIsExposedForTheCasesThatHaveOne() {
        let cause = NSError(domain: "UnderlyingDomain", code: 200)
        let response = Response(statusCode: 200, data: Data())
        XCTAssertIdentical(NetworkError.objectMapping(cause, keyPath: nil, response: response).underlyingError as? NSError, cause)
        XCTAssertIdentical(NetworkError.underlying(cause, request: nil, response: response).underlyingError as? NSError, cause)
        XCTAssertIdentical(NetworkError.parameterEncoding(cause).underlyingError as? NSError, cause)
        XCTAssertNil(NetworkError.statusCode(response).underlyingError)
        XCTAssertNil(NetworkError.jsonMapping(response).underlyingError)
    }
}

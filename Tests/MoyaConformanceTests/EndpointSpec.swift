import Foundation
import JSON
import Network
import XCTest

/// Moya's `EndpointSpec`: adding headers and turning each kind of task into a request.
final class EndpointSpec: XCTestCase {
    private let simpleGitHubEndpoint = Endpoint(
        url: url(GitHub.zen), sampleResponseClosure: { .networkResponse(200, GitHub.zen.sampleData) },
        method: .get, task: .requestPlain, httpHeaderFields: ["Title": "Dominar"])

    private func request(_ task: RequestTask) throws -> HTTPRequest {
        try simpleGitHubEndpoint.replacing(task: task).urlRequest()
    }

    /// `Issue` as `requestJSONEncodable` sends it: Foundation's `JSONEncoder`.
    private let issue = Issue(title: "Hello, Moya!", createdAt: Date(), rating: 0)

    func testReturnsANewEndpointForAddingNewHTTPHeaderFields() {
        let newEndpoint = simpleGitHubEndpoint.adding(newHTTPHeaderFields: ["User-Agent": "Zalbinian"])
        XCTAssertEqual(newEndpoint.httpHeaderFields?["User-Agent"], "Zalbinian")
        XCTAssertEqual(newEndpoint.url, simpleGitHubEndpoint.url)
        XCTAssertEqual(newEndpoint.method, simpleGitHubEndpoint.method)
    }

    func testReturnsANilURLRequestForAnInvalidURL() {
        let badEndpoint = Endpoint(url: "some invalid URL", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain, httpHeaderFields: nil)
        XCTAssertNil(try? badEndpoint.urlRequest())
    }

    func testRequestPlainDidNotUpdateAnyOfTheRequestProperties() throws {
        let request = try request(.requestPlain)
        XCTAssertNil(request.body)
        XCTAssertEqual(request.url.absoluteString, simpleGitHubEndpoint.url)
        XCTAssertEqual(request.headers, simpleGitHubEndpoint.httpHeaderFields)
        XCTAssertEqual(request.method, simpleGitHubEndpoint.method)
    }

    /// Adapted: Moya compares with `JSONEncoding.default.encode(request, with:)`; ours has no
    /// encoder apart from the task, so the expected request is spelled out.
    func testRequestParametersUpdatedTheRequestCorrectly() throws {
        let request = try request(.requestParameters(parameters: ["Nemesis": "Harvey"], encoding: .json))
        XCTAssertEqual(request.body, Data(#"{"Nemesis":"Harvey"}"#.utf8))
        XCTAssertEqual(request.url.absoluteString, simpleGitHubEndpoint.url)
        XCTAssertEqual(request.headers, ["Title": "Dominar", "Content-Type": "application/json"])
        XCTAssertEqual(request.method, .get)
    }

    func testRequestDataUpdatesHTTPBody() throws {
        XCTAssertEqual(try request(.requestData(Data("test data".utf8))).body, Data("test data".utf8))
    }

    func testRequestDataDoesNotUpdateAnyOfTheOtherProperties() throws {
        let request = try request(.requestData(Data("test data".utf8)))
        XCTAssertEqual(request.url.absoluteString, simpleGitHubEndpoint.url)
        XCTAssertEqual(request.headers, simpleGitHubEndpoint.httpHeaderFields)
        XCTAssertEqual(request.method, simpleGitHubEndpoint.method)
    }

    func testRequestJSONEncodableUpdatesHTTPBody() throws {
        let body = try XCTUnwrap(request(.requestJSONEncodable(issue)).body)
        let decoded = try JSONDecoder().decode(Issue.self, from: body)
        XCTAssertEqual(decoded.createdAt, issue.createdAt)
        XCTAssertEqual(decoded.title, issue.title)
    }

    func testRequestJSONEncodableUpdatesHeadersToIncludeContentTypeApplicationJSON() throws {
        XCTAssertEqual(try request(.requestJSONEncodable(issue)).headers, ["Title": "Dominar", "Content-Type": "application/json"])
    }

    func testRequestJSONEncodableDoesNotUpdateAnyOfTheOtherProperties() throws {
        let request = try request(.requestJSONEncodable(issue))
        XCTAssertEqual(request.url.absoluteString, simpleGitHubEndpoint.url)
        XCTAssertEqual(request.method, simpleGitHubEndpoint.method)
    }

    func testRequestCompositeParametersUpdatesURL() throws {
        let request = try request(.requestCompositeParameters(bodyParameters: ["Nemesis": "Harvey"], bodyEncoding: .json, urlParameters: ["Harvey": "Nemesis"]))
        XCTAssertEqual(request.url.absoluteString, simpleGitHubEndpoint.url + "?Harvey=Nemesis")
    }

    func testRequestCompositeParametersUpdatesTheRequestCorrectly() throws {
        let request = try request(.requestCompositeParameters(bodyParameters: ["Nemesis": "Harvey"], bodyEncoding: .json, urlParameters: ["Harvey": "Nemesis"]))
        let bodyOnly = try self.request(.requestParameters(parameters: ["Nemesis": "Harvey"], encoding: .json))
        XCTAssertEqual(request.body, bodyOnly.body)
        XCTAssertEqual(request.headers, bodyOnly.headers)
        XCTAssertEqual(request.method, bodyOnly.method)
    }

    func testAnInvalidURLStringThrowsARequestMappingError() {
        let badEndpoint = Endpoint(url: "some invalid URL", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain, httpHeaderFields: nil)
        XCTAssertThrowsError(try badEndpoint.urlRequest()) { error in
            guard case .requestMapping("some invalid URL")? = error as? NetworkError else { return XCTFail("\(error)") }
        }
    }

    /// Deliberate difference: Moya names a body its `JSONEncoder` cannot write `.encodableMapping`;
    /// ours is `.parameterEncoding`, the one case for "the task cannot be written into a request",
    /// and it keeps the encoder's error.
    func testAnEncodableBodyTheEncoderCannotWriteThrowsAParameterEncodingError() {
        let infinite = Issue(title: "Hello, Moya!", createdAt: Date(), rating: .infinity)
        XCTAssertThrowsError(try request(.requestJSONEncodable(infinite))) { error in
            guard case .parameterEncoding(let cause)? = error as? NetworkError else { return XCTFail("\(error)") }
            XCTAssertTrue(cause is EncodingError)
        }
    }
}

import Foundation
import Logging
import Network
import XCTest

/// Moya's `MoyaProviderSpec`: stubbing, endpoint and request closures, sample responses, errors,
/// struct targets. Delayed stubs, cancellation, callbacks and validation are in
/// `MoyaProviderSpec+DelayedStubs.swift`.
final class MoyaProviderSpec: XCTestCase {
    private let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)

    func testReturnsStubbedDataForZenRequest() throws {
        let response = try XCTUnwrap(provider.result(of: .zen)).get()
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), String(decoding: GitHub.zen.sampleData, as: UTF8.self))
    }

    func testReturnsResponseWithRequestForStubbedZenRequest() throws {
        XCTAssertNotNil(try XCTUnwrap(provider.result(of: .zen)).get().request)
    }

    func testReturnsStubbedDataForUserProfileRequest() throws {
        let target = GitHub.userProfile("ashfurrow")
        XCTAssertEqual(try XCTUnwrap(provider.result(of: target)).get().data, target.sampleData)
    }

    func testReturnsEquivalentEndpointInstancesForTheSameTarget() throws {
        let request1 = try provider.endpoint(.zen).urlRequest()
        let request2 = try provider.endpoint(.zen).urlRequest()
        XCTAssertEqual(request1, request2)
    }

    func testLogsTheRequestWithStubbing() {
        // Adapted: our logger writes levelled lines; a stub sends no Alamofire default headers.
        let log = Box<String>("")
        let logger = Logger(level: .debug, label: "net") { line in log.set((log.value ?? "") + line + "\n") }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [NetworkLoggerPlugin(logger: logger, verbose: true)])
        _ = provider.result(of: .zen)
        let output = log.value ?? ""
        XCTAssertTrue(output.contains("-> GET https://api.github.com/zen"), output)
        XCTAssertTrue(output.contains("<- 200 GET https://api.github.com/zen"), output)
        XCTAssertTrue(output.contains("body: Half measures are as bad as nothing at all."), output)
    }

    func testExecutesTheEndpointResolver() {
        let executed = Box<Bool>(false)
        let provider = Provider<GitHub>(
            requestClosure: { endpoint in
                executed.set(true)
                return Provider<GitHub>.defaultRequestMapping(for: endpoint)
            },
            stubClosure: Provider.immediatelyStub)
        _ = provider.result(of: .zen)
        XCTAssertEqual(executed.value, true)
    }

    func testCustomSampleResponseClosureReturnsSampleData() throws {
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(url: url(target), sampleResponseClosure: { .networkResponse(200, target.sampleData) },
                         method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub)
        XCTAssertEqual(try XCTUnwrap(provider.result(of: .zen)).get().data, GitHub.zen.sampleData)
    }

    func testCustomSampleResponseClosureReturnsAnIdenticalSampleResponse() throws {
        // Adapted: Moya compares the `HTTPURLResponse` instance; ours is its status and headers.
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(url: url(target), sampleResponseClosure: { .response(statusCode: 200, headers: ["X-Sample": "1"], data: target.sampleData) },
                         method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub)
        let response = try XCTUnwrap(provider.result(of: .zen)).get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.headers, ["X-Sample": "1"])
    }

    func testCustomSampleResponseClosureReturnsError() {
        let error = NSError(domain: "Internal iOS Error", code: -1234, userInfo: nil)
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(url: url(target), sampleResponseClosure: { .networkError(.underlying(error, request: nil, response: nil)) },
                         method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub)
        guard case .failure(.underlying(let underlying as NSError, _, _))? = provider.result(of: .zen) else {
            return XCTFail("Expected to receive error, did not.")
        }
        XCTAssertEqual(underlying, error)
    }

    func testAnErrorInTheRequestClosureFailsAnyRequest() {
        let provider = Provider<GitHub>(
            requestClosure: { _ in .failure(.underlying(NSError(domain: "", code: 123), request: nil, response: nil)) },
            stubClosure: Provider.immediatelyStub)
        guard case .failure? = provider.result(of: .zen) else { return XCTFail("expected a failure") }
    }

    func testStubbedErrorsFailTheZenRequest() {
        let provider = Provider<GitHub>(endpointClosure: failureEndpointClosure, stubClosure: Provider.immediatelyStub)
        guard case .failure? = provider.result(of: .zen) else { return XCTFail("expected a failure") }
    }

    func testStubbedErrorsFailTheUserProfileRequest() {
        let provider = Provider<GitHub>(endpointClosure: failureEndpointClosure, stubClosure: Provider.immediatelyStub)
        guard case .failure? = provider.result(of: .userProfile("ashfurrow")) else { return XCTFail("expected a failure") }
    }

    func testReturnsStubbedErrorDataWhenPresent() {
        let provider = Provider<GitHub>(endpointClosure: failureEndpointClosure, stubClosure: Provider.immediatelyStub)
        guard case .failure(.underlying(let error, _, _))? = provider.result(of: .userProfile("ashfurrow")) else {
            return XCTFail("expected an Underlying error that Houston has a problem")
        }
        XCTAssertEqual(error.localizedDescription, "Houston, we have a problem")
    }
}

/// `describe("struct targets")` and `describe("a target with empty path")`.
extension MoyaProviderSpec {
    private struct StructAPI: TargetType {
        let baseURL = URL(string: "http://example.com")!
        let path = "/endpoint"
        let task = RequestTask.requestParameters(parameters: ["key": "value"], encoding: .url)
        let sampleData = Data("sample data".utf8)
        let headers: [String: String]? = ["headerKey": "headerValue"]
    }

    /// What the request closure of a `MultiTarget` provider saw of `StructAPI`'s endpoint.
    private func endpointSeen() -> Endpoint? {
        let seen = Box<Endpoint>()
        let provider = Provider<MultiTarget>(
            requestClosure: { endpoint in
                seen.set(endpoint)
                return Provider<MultiTarget>.defaultRequestMapping(for: endpoint)
            },
            stubClosure: Provider.immediatelyStub)
        _ = provider.result(of: MultiTarget(StructAPI()))
        return seen.value
    }

    func testStructTargetUsesCorrectURL() {
        XCTAssertEqual(endpointSeen()?.url, "http://example.com/endpoint")
    }

    func testStructTargetUsesCorrectMethod() {
        XCTAssertEqual(endpointSeen()?.method, .get)
    }

    func testStructTargetUsesCorrectSampleData() throws {
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
        let response = try XCTUnwrap(provider.result(of: MultiTarget(StructAPI()))).get()
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "sample data")
    }

    func testStructTargetUsesCorrectHeaders() {
        XCTAssertEqual(endpointSeen()?.httpHeaderFields, ["headerKey": "headerValue"])
    }

    func testATargetWithAnEmptyPathUsesTheBaseURLUnchanged() {
        struct PathlessAPI: TargetType {
            let baseURL = URL(string: "http://example.com/123/somepath?X-ABC-Asd=123")!
            let path = ""
            let task = RequestTask.requestParameters(parameters: ["key": "value"], encoding: .url)
        }
        XCTAssertEqual(Provider.defaultEndpointMapping(for: PathlessAPI()).url, "http://example.com/123/somepath?X-ABC-Asd=123")
    }
}

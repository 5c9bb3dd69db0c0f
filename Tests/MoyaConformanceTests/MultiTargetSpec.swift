import Foundation
import JSON
import Network
import XCTest

/// Moya's `MultiTargetSpec`: a `MultiTarget` answers everything as the target it wraps.
final class MultiTargetSpec: XCTestCase {
    private struct StructAPI: TargetType {
        let baseURL = URL(string: "http://example.com")!
        let path = "/endpoint"
        let task = RequestTask.requestParameters(parameters: ["key": "value"], encoding: .json)
        let sampleData = Data("sample data".utf8)
        let validationType = ValidationType.successCodes
        let headers: [String: String]? = ["headerKey": "headerValue"]
    }

    private let target = MultiTarget(StructAPI())

    func testUsesCorrectBaseURL() { XCTAssertEqual(target.baseURL, URL(string: "http://example.com")!) }

    func testUsesCorrectPath() { XCTAssertEqual(target.path, "/endpoint") }

    func testUsesCorrectParameters() {
        guard case .requestParameters(let parameters, _) = target.task else { return XCTFail("expected .requestParameters, was \(target.task)") }
        XCTAssertEqual(parameters, ["key": "value"])
    }

    func testUsesCorrectParameterEncoding() {
        guard case .requestParameters(_, let encoding) = target.task else { return XCTFail("expected .requestParameters, was \(target.task)") }
        XCTAssertEqual(encoding, .json)
    }

    func testUsesCorrectMethod() { XCTAssertEqual(target.method, .get) }

    func testUsesCorrectTask() {
        guard case .requestParameters = target.task else { return XCTFail("expected .requestParameters, was \(target.task)") }
    }

    func testUsesCorrectSampleData() { XCTAssertEqual(target.sampleData, Data("sample data".utf8)) }

    func testUsesCorrectValidationType() { XCTAssertEqual(target.validationType, .successCodes) }

    func testUsesCorrectHeaders() { XCTAssertEqual(target.headers, ["headerKey": "headerValue"]) }
}

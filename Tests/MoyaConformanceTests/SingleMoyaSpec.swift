import Foundation
import JSON
import Network
import Reactive
import XCTest

/// Moya's `Single+MoyaSpec`: the status-code filters and the JSON and string mappings of a
/// `Single<Response>`. Object mapping is in `SingleMoyaSpec+ObjectMapping.swift`.
final class SingleMoyaSpec: XCTestCase {
    private func single(status: Int, data: Data = Data()) -> Single<Response> {
        .just(Response(statusCode: status, data: data))
    }

    private func assertFails<Element>(_ single: Single<Element>, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure? = outcome(single) else {
            return XCTFail("called on a non-correct status code: \(String(describing: outcome(single)))", file: file, line: line)
        }
    }

    private func assertPasses<Element>(_ single: Single<Element>, file: StaticString = #filePath, line: UInt = #line) {
        guard case .success? = outcome(single) else { return XCTFail("not called: \(String(describing: outcome(single)))", file: file, line: line) }
    }

    func testFiltersOutUnrequestedStatusCodesClosedRangeUpperbound() { assertFails(single(status: 10).filter(statusCodes: 0...9)) }
    func testFiltersOutUnrequestedStatusCodesClosedRangeLowerbound() { assertFails(single(status: -1).filter(statusCodes: 0...9)) }
    func testFiltersOutUnrequestedStatusCodesWithRangeUpperbound() { assertFails(single(status: 10).filter(statusCodes: 0..<10)) }
    func testFiltersOutUnrequestedStatusCodesWithRangeLowerbound() { assertFails(single(status: -1).filter(statusCodes: 0..<10)) }
    func testFiltersOutNonSuccessfulStatusCodes() { assertFails(single(status: 404).filterSuccessfulStatusCodes()) }
    func testPassesThroughCorrectStatusCodes() { assertPasses(single(status: 200).filterSuccessfulStatusCodes()) }
    func testFiltersOutNonSuccessfulStatusAndRedirectCodes() { assertFails(single(status: 404).filterSuccessfulStatusAndRedirectCodes()) }
    func testPassesThroughCorrectStatusCodesWithRedirects() { assertPasses(single(status: 200).filterSuccessfulStatusAndRedirectCodes()) }
    func testPassesThroughCorrectRedirectCodes() { assertPasses(single(status: 304).filterSuccessfulStatusAndRedirectCodes()) }
    func testKnowsHowToFilterIndividualStatusCode() { assertPasses(single(status: 42).filter(statusCode: 42)) }
    func testFiltersOutDifferentIndividualStatusCode() { assertFails(single(status: 43).filter(statusCode: 42)) }

    func testMapsDataRepresentingSomeJSONToThatJSON() throws {
        let data = Data("{\n  \"name\" : \"John Crighton\",\n  \"occupation\" : \"Astronaut\"\n}".utf8)
        let json = try XCTUnwrap(outcome(single(status: 200, data: data).mapJSON())).get()
        XCTAssertEqual(json["name"], "John Crighton")
        XCTAssertEqual(json["occupation"], "Astronaut")
    }

    func testReturnsAJSONMappingErrorForInvalidJSON() {
        guard case .failure(let error)? = outcome(single(status: 200, data: Data(#"{ "name": "john }"#.utf8)).mapJSON()),
            case .jsonMapping? = error as? NetworkError
        else { return XCTFail("expected .jsonMapping") }
    }

    func testMapsDataRepresentingAStringToAString() throws {
        let string = "You have the rights to the remains of a silent attorney."
        XCTAssertEqual(try XCTUnwrap(outcome(single(status: 200, data: Data(string.utf8)).mapString())).get(), string)
    }

    func testMapsDataRepresentingAStringAtAKeyPathToAString() throws {
        let string = "You have the rights to the remains of a silent attorney."
        let data = Data("{\"words_to_live_by\": \"\(string)\"}".utf8)
        XCTAssertEqual(try XCTUnwrap(outcome(single(status: 200, data: data).mapString(atKeyPath: "words_to_live_by"))).get(), string)
    }

    func testStringMappingIgnoresInvalidData() {
        guard case .failure(let error)? = outcome(single(status: 200, data: Data([0xFF])).mapString()),
            case .stringMapping? = error as? NetworkError
        else { return XCTFail("expected .stringMapping") }
    }
}

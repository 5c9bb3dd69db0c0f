import Foundation
import Network
import XCTest

/// Moya's `ErrorTests`: which errors carry a response or an underlying error, and mapping an
/// empty body.
final class ErrorTests: XCTestCase {
    private let response = Response(statusCode: 200, data: Data())
    private let underlyingError = NSError(domain: "UnderlyingDomain", code: 200, userInfo: ["data": "some data"])

    func testResponseOfAJSONMappingError() { XCTAssertEqual(NetworkError.jsonMapping(response).response, response) }
    func testResponseOfAStringMappingError() { XCTAssertEqual(NetworkError.stringMapping(response).response, response) }
    func testResponseOfAnObjectMappingError() {
        XCTAssertEqual(NetworkError.objectMapping(underlyingError, keyPath: nil, response: response).response, response)
    }
    func testResponseOfAStatusCodeError() { XCTAssertEqual(NetworkError.statusCode(response).response, response) }
    func testResponseOfAnUnderlyingError() {
        XCTAssertEqual(NetworkError.underlying(underlyingError, request: nil, response: response).response, response)
    }
    func testNoResponseForARequestMappingError() { XCTAssertNil(NetworkError.requestMapping("http://www.example.com").response) }
    func testNoResponseForAParameterEncodingError() { XCTAssertNil(NetworkError.parameterEncoding(underlyingError).response) }

    func testNoUnderlyingErrorForAJSONMappingError() { XCTAssertNil(NetworkError.jsonMapping(response).underlyingError) }
    func testNoUnderlyingErrorForAStringMappingError() { XCTAssertNil(NetworkError.stringMapping(response).underlyingError) }
    func testUnderlyingErrorOfAnObjectMappingError() {
        XCTAssertEqual(NetworkError.objectMapping(underlyingError, keyPath: nil, response: response).underlyingError as? NSError, underlyingError)
    }
    func testNoUnderlyingErrorForAStatusCodeError() { XCTAssertNil(NetworkError.statusCode(response).underlyingError) }
    func testUnderlyingErrorOfAnUnderlyingError() {
        XCTAssertEqual(NetworkError.underlying(underlyingError, request: nil, response: response).underlyingError as? NSError, underlyingError)
    }
    func testNoUnderlyingErrorForARequestMappingError() { XCTAssertNil(NetworkError.requestMapping("http://www.example.com").underlyingError) }
    func testUnderlyingErrorOfAParameterEncodingError() {
        XCTAssertEqual(NetworkError.parameterEncoding(underlyingError).underlyingError as? NSError, underlyingError)
    }

    func testMapJSONFailsOnEmptyDataByDefault() {
        XCTAssertThrowsError(try Response(statusCode: 200, data: Data()).mapJSON())
    }

    func testMapJSONReturnsADefaultValueOnEmptyDataWhenAsked() {
        XCTAssertNoThrow(try Response(statusCode: 200, data: Data()).mapJSON(failsOnEmptyData: false))
    }
}

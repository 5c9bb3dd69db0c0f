import Foundation
import Network
import Reactive
import XCTest

/// Moya's `Single+MoyaSpec`, `describe("object mapping")`: `map(_:atKeyPath:using:failsOnEmptyData:)`
/// with a `JSONDecoder` whose date strategy is a formatter.
final class SingleMoyaObjectMappingSpec: XCTestCase {
    private let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()

    private lazy var decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        return decoder
    }()

    private let issueJSON = #"{"title": "Hello, Moya!", "createdAt": "1995-01-14T12:34:56"}"#

    private func single(_ body: String) -> Single<Response> {
        .just(Response(statusCode: 200, data: Data(body.utf8)))
    }

    private func mapped<D: Decodable & Sendable>(_ type: D.Type, from body: String, atKeyPath keyPath: String? = nil, failsOnEmptyData: Bool = true) -> D? {
        try? outcome(single(body).map(type, atKeyPath: keyPath, using: decoder, failsOnEmptyData: failsOnEmptyData))?.get()
    }

    func testMapsDataRepresentingAJSONToADecodableObject() {
        let issue = mapped(Issue.self, from: issueJSON)
        XCTAssertEqual(issue?.title, "Hello, Moya!")
        XCTAssertEqual(issue?.createdAt, formatter.date(from: "1995-01-14T12:34:56"))
    }

    func testMapsDataRepresentingAJSONArrayToAnArrayOfDecodableObjects() {
        let issues = mapped([Issue].self, from: "[\(issueJSON), \(issueJSON), \(issueJSON)]")
        XCTAssertEqual(issues?.map(\.title), ["Hello, Moya!", "Hello, Moya!", "Hello, Moya!"])
    }

    func testMapsEmptyDataToADecodableObjectWithOptionalProperties() throws {
        let issue = try XCTUnwrap(mapped(OptionalIssue.self, from: "", failsOnEmptyData: false))
        XCTAssertNil(issue.title)
        XCTAssertNil(issue.createdAt)
    }

    func testMapsEmptyDataToADecodableArrayWithOptionalProperties() throws {
        let issues = try XCTUnwrap(mapped([OptionalIssue].self, from: "", failsOnEmptyData: false))
        XCTAssertEqual(issues.count, 1)
        XCTAssertNil(issues.first?.title)
        XCTAssertNil(issues.first?.createdAt)
    }

    func testIgnoresInvalidData() {
        let invalid = #"{"title": "Hello, Moya!", "createdAt": "Hahaha"}"#
        guard case .failure(let error)? = outcome(single(invalid).map(Issue.self, using: decoder)),
            case .objectMapping(let nested, _, _)? = error as? NetworkError
        else { return XCTFail("expected .objectMapping") }
        XCTAssertTrue(nested is DecodingError)
    }
}

/// `context("when using key path mapping")`.
extension SingleMoyaObjectMappingSpec {
    func testKeyPathMapsDataRepresentingAJSONToADecodableObject() {
        let issue = mapped(Issue.self, from: "{\"issue\": \(issueJSON)}", atKeyPath: "issue")
        XCTAssertEqual(issue?.title, "Hello, Moya!")
        XCTAssertEqual(issue?.createdAt, formatter.date(from: "1995-01-14T12:34:56"))
    }

    func testKeyPathMapsDataRepresentingAJSONArrayToADecodableObject() {
        let issues = mapped([Issue].self, from: "{\"issues\": [\(issueJSON)]}", atKeyPath: "issues")
        XCTAssertEqual(issues?.count, 1)
        XCTAssertEqual(issues?.first?.title, "Hello, Moya!")
        XCTAssertEqual(issues?.first?.createdAt, formatter.date(from: "1995-01-14T12:34:56"))
    }

    func testKeyPathMapsEmptyDataToADecodableObjectWithOptionalProperties() throws {
        let issue = try XCTUnwrap(mapped(OptionalIssue.self, from: "", atKeyPath: "issue", failsOnEmptyData: false))
        XCTAssertNil(issue.title)
        XCTAssertNil(issue.createdAt)
    }

    func testKeyPathMapsEmptyDataToADecodableArrayWithOptionalProperties() throws {
        let issues = try XCTUnwrap(mapped([OptionalIssue].self, from: "", atKeyPath: "issue", failsOnEmptyData: false))
        XCTAssertEqual(issues.count, 1)
        XCTAssertNil(issues.first?.title)
    }

    func testMapsIntDataToAnIntValue() {
        XCTAssertEqual(mapped(Int.self, from: #"{"count": 1}"#, atKeyPath: "count"), 1)
    }

    func testMapsBoolDataToABoolValue() {
        XCTAssertEqual(mapped(Bool.self, from: #"{"isNew": true}"#, atKeyPath: "isNew"), true)
    }

    func testMapsStringDataToAStringValue() {
        XCTAssertEqual(mapped(String.self, from: #"{"description": "Something interesting"}"#, atKeyPath: "description"), "Something interesting")
    }

    func testMapsStringDataToAURLValue() {
        XCTAssertEqual(mapped(URL.self, from: #"{"url": "http://www.example.com/test"}"#, atKeyPath: "url"), URL(string: "http://www.example.com/test"))
    }

    func testDoesNotMapIntDataToABoolValue() {
        XCTAssertNil(mapped(Bool.self, from: #"{"isNew": 1}"#, atKeyPath: "isNew"))
    }

    func testDoesNotMapStringDataToAnIntValue() {
        XCTAssertNil(mapped(Int.self, from: #"{"test": "123"}"#, atKeyPath: "test"))
    }

    func testDoesNotMapAnArrayOfStringsToAStringValue() {
        XCTAssertNil(mapped(String.self, from: #"{"test": ["123", "456"]}"#, atKeyPath: "test"))
    }

    func testDoesNotMapAStringToAnArrayOfStrings() {
        XCTAssertNil(mapped([String].self, from: #"{"test": "123"}"#, atKeyPath: "test"))
    }
}

import Foundation
import JSON
import XCTest
@testable import Network

final class ResponseTests: XCTestCase {
    private let request: HTTPRequest = {
        var request = HTTPRequest(url: URL(string: "https://api.example.com/v1/feed?page=2&access_token=abc123")!)
        request.method = .get
        return request
    }()

    private func response(_ status: Int = 200, _ body: String, headers: [String: String] = [:]) -> Response {
        Response(statusCode: status, data: Data(body.utf8), request: request, headers: headers)
    }

    func testFilterKeepsAcceptedStatusCodesAndRejectsOthersWithAnExactMessage() throws {
        XCTAssertEqual(try response(204, "").filterSuccessfulStatusCodes().statusCode, 204)
        XCTAssertEqual(try response(302, "").filterSuccessfulStatusAndRedirectCodes().statusCode, 302)
        XCTAssertEqual(try response(418, "").filter(statusCode: 418).statusCode, 418)
        XCTAssertEqual(try response(404, "").filter(statusCodes: 400..<500).statusCode, 404)

        XCTAssertThrowsError(try response(404, "").filterSuccessfulStatusCodes()) { error in
            XCTAssertEqual("\(error)", "Unacceptable status code 404 (GET https://api.example.com/v1/feed?page=2&access_token=REDACTED, status 404)")
            XCTAssertEqual((error as? NetworkError)?.response?.statusCode, 404)
        }
        XCTAssertThrowsError(try response(301, "").filterSuccessfulStatusCodes())
        XCTAssertThrowsError(try response(500, "").filter(statusCodes: 200...399))
    }

    func testHeadersAreLookedUpCaseInsensitively() {
        let page = response(200, "", headers: ["Link": "<https://next>; rel=\"next\"", "content-type": "application/json"])
        XCTAssertEqual(page.header("link"), "<https://next>; rel=\"next\"")
        XCTAssertEqual(page.header("Content-Type"), "application/json")
        XCTAssertNil(page.header("X-Missing"))
    }

    func testMapJSONParsesTheBody() throws {
        XCTAssertEqual(try response(200, #"{"error":false,"results":[1]}"#).mapJSON(), ["error": false, "results": [1]])
        XCTAssertEqual(try response(200, "").mapJSON(failsOnEmptyData: false), .null)
        XCTAssertThrowsError(try response(200, "<html>").mapJSON()) { error in
            XCTAssertEqual("\(error)", "The response is not valid JSON (GET https://api.example.com/v1/feed?page=2&access_token=REDACTED, status 200)")
        }
        XCTAssertThrowsError(try response(200, "").mapJSON())
    }

    func testMapStringReadsTheBodyOrAStringAtAKeyPath() throws {
        XCTAssertEqual(try response(200, "héllo").mapString(), "héllo")
        XCTAssertEqual(try response(200, #"{"data":{"msg":"ok"}}"#).mapString(atKeyPath: "data.msg"), "ok")
        XCTAssertThrowsError(try Response(statusCode: 200, data: Data([0xFF, 0xFE]), request: request).mapString()) { error in
            XCTAssertEqual("\(error)", "The response is not valid UTF-8 text (GET https://api.example.com/v1/feed?page=2&access_token=REDACTED, status 200)")
        }
        XCTAssertThrowsError(try response(200, #"{"data":{"msg":3}}"#).mapString(atKeyPath: "data.msg"))
    }

    func testMapDecodesAModelAtANestedKeyPath() throws {
        let envelope = #"{"code":0,"msg":"ok","data":{"list":[{"id":1,"title":"a"},{"id":2,"title":"b"}],"total":2}}"#
        let items = try response(200, envelope).map([Item].self, atKeyPath: "data.list")
        XCTAssertEqual(items, [Item(id: 1, title: "a"), Item(id: 2, title: "b")])
        XCTAssertEqual(try response(200, envelope).map(Int.self, atKeyPath: "data.total"), 2)
        XCTAssertEqual(try response(200, #"[{"id":3,"title":"c"}]"#).map([Item].self), [Item(id: 3, title: "c")])
        XCTAssertEqual(try response(200, #"{"a":[{"id":4,"title":"d"}]}"#).map(Item.self, atKeyPath: "a.0"), Item(id: 4, title: "d"))
        let snakeCase = JSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        let snake = try response(200, #"{"time_date":"2018"}"#).map(Dated.self, using: snakeCase)
        XCTAssertEqual(snake.timeDate, "2018")
    }

    func testMapNamesTheKeyPathAndTheReasonWhenItFails() {
        let envelope = #"{"data":{"list":[{"id":"one","title":"a"}]}}"#
        XCTAssertThrowsError(try response(200, envelope).map([Item].self, atKeyPath: "data.list")) { error in
            XCTAssertEqual("\(error)", #"Could not map the response at key path "data.list": Expected to decode Int but found a string instead. (at data.list[0].id) (GET https://api.example.com/v1/feed?page=2&access_token=REDACTED, status 200)"#)
            guard case .objectMapping(let cause, "data.list", _)? = error as? NetworkError else { return XCTFail("\(error)") }
            XCTAssertTrue(cause is DecodingError, "the decoder's own error is kept")
        }
        XCTAssertThrowsError(try response(200, envelope).map([Item].self, atKeyPath: "data.items")) { error in
            XCTAssertEqual("\(error)", #"Could not map the response at key path "data.items": no value at this key path (GET https://api.example.com/v1/feed?page=2&access_token=REDACTED, status 200)"#)
        }
        XCTAssertThrowsError(try response(200, #"{"id":1}"#).map(Item.self)) { error in
            XCTAssertEqual("\(error)", #"Could not map the response: no value for the key "title" (at title) (GET https://api.example.com/v1/feed?page=2&access_token=REDACTED, status 200)"#)
        }
    }
}

private struct Dated: Decodable {
    let timeDate: String
}

private struct Item: Decodable, Equatable {
    let id: Int
    let title: String
}

import Foundation
import JSON
import XCTest
@testable import Network

final class EndpointTests: XCTestCase {
    private func endpoint(_ target: TestAPI) -> Endpoint { Provider<TestAPI>.defaultEndpointMapping(for: target) }

    func testPathIsAppendedWithExactlyOneSlash() {
        XCTAssertEqual(endpoint(.zen).url, "https://api.example.com/v1/zen")
        XCTAssertEqual(endpoint(.user("ada")).url, "https://api.example.com/v1/users/ada")
        XCTAssertEqual(Endpoint.url(for: "/a/b", relativeTo: URL(string: "http://h/base/")!), "http://h/base/a/b")
        XCTAssertEqual(Endpoint.url(for: "", relativeTo: URL(string: "http://h/base/")!), "http://h/base/")
    }

    func testNonASCIIPathSegmentsArePercentEncodedAsUTF8() throws {
        let gank = Endpoint.url(for: "福利/10/1", relativeTo: URL(string: "https://gank.io/api/data/")!)
        XCTAssertEqual(gank, "https://gank.io/api/data/%E7%A6%8F%E5%88%A9/10/1")
        XCTAssertEqual(endpoint(.user("a b?c#d")).url, "https://api.example.com/v1/users/a%20b%3Fc%23d")
        XCTAssertEqual(try endpoint(.category("福利", pageSize: 10, page: 1)).urlRequest().url.path, "/v1/福利/10/1")
    }

    func testAddingHeadersLetsNewKeysWinCaseInsensitively() {
        let base = endpoint(.zen).adding(newHTTPHeaderFields: ["X-Common": "1"])
        let merged = base.adding(newHTTPHeaderFields: ["accept": "text/plain", "X-Other": "2"])
        XCTAssertEqual(merged.httpHeaderFields, ["accept": "text/plain", "X-Common": "1", "X-Other": "2"])
    }

    func testReplacingTaskKeepsEverythingElse() throws {
        let replaced = endpoint(.zen).replacing(task: .requestData(Data("raw".utf8)))
        let request = try replaced.urlRequest()
        XCTAssertEqual(request.body, Data("raw".utf8))
        XCTAssertEqual(request.url.absoluteString, "https://api.example.com/v1/zen")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
    }

    func testURLEncodingSortsKeysAndPercentEncodesPerRFC3986() throws {
        let parameters: [String: JSON] = ["q": "a b&c=d/é~", "page": 2, "flag": true, "tags": ["x", "y"], "filter": ["z": 1, "a": nil]]
        let request = try endpoint(.zen).replacing(task: .requestParameters(parameters: parameters, encoding: .url)).urlRequest()
        XCTAssertEqual(
            request.url.absoluteString,
            "https://api.example.com/v1/zen?filter%5Ba%5D&filter%5Bz%5D=1&flag=true&page=2&q=a%20b%26c%3Dd%2F%C3%A9~&tags%5B%5D=x&tags%5B%5D=y"
        )
        XCTAssertNil(request.body)
    }

    func testURLEncodingPutsParametersInTheBodyForPost() throws {
        let request = try endpoint(.createPost(title: "x"))
            .replacing(task: .requestParameters(parameters: ["b": "2 3", "a": 1], encoding: .url)).urlRequest()
        XCTAssertEqual(request.url.absoluteString, "https://api.example.com/v1/posts")
        XCTAssertEqual(request.body.map { String(decoding: $0, as: UTF8.self) }, "a=1&b=2%203")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded; charset=utf-8")
    }

    func testQueryParametersAreAppendedToAnExistingQuery() throws {
        let endpoint = Endpoint(url: "http://h/p?fixed=1", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post,
                                task: .requestCompositeParameters(bodyParameters: ["b": 1], bodyEncoding: .json, urlParameters: ["u": "v"]),
                                httpHeaderFields: nil)
        let request = try endpoint.urlRequest()
        XCTAssertEqual(request.url.absoluteString, "http://h/p?fixed=1&u=v")
        XCTAssertEqual(request.body.map { String(decoding: $0, as: UTF8.self) }, #"{"b":1}"#)
    }

    func testJSONEncodingWritesASortedObjectBody() throws {
        let request = try endpoint(.createPost(title: "Hello")).urlRequest()
        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(request.body.map { String(decoding: $0, as: UTF8.self) }, #"{"draft":false,"title":"Hello"}"#)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func testEncodableBodyIsEncodedAsJSON() throws {
        struct Post: Encodable, Sendable { let title: String; let id: Int }
        let request = try endpoint(.zen).replacing(task: .requestJSONEncodable(Post(title: "t", id: 3))).urlRequest()
        XCTAssertEqual(request.body.map { String(decoding: $0, as: UTF8.self) }, #"{"id":3,"title":"t"}"#)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func testAnExplicitContentTypeIsKept() throws {
        let request = try endpoint(.createPost(title: "x")).adding(newHTTPHeaderFields: ["Content-Type": "application/vnd.api+json"]).urlRequest()
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/vnd.api+json")
    }

    func testAnInvalidURLFailsWithRequestMapping() {
        let broken = Endpoint(url: "no scheme/path?token=s3cret", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain, httpHeaderFields: nil)
        XCTAssertThrowsError(try broken.urlRequest()) { error in
            XCTAssertEqual("\(error)", #"Could not build a request for the URL "no scheme/path?token=REDACTED""#, "as written, but for its secrets")
        }
    }

    func testAnUnencodableBodyFailsWithParameterEncoding() {
        struct Broken: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "cannot encode this"))
            }
        }
        XCTAssertThrowsError(try endpoint(.zen).replacing(task: .requestJSONEncodable(Broken())).urlRequest()) { error in
            guard case NetworkError.parameterEncoding = error else { return XCTFail("unexpected \(error)") }
        }
    }
}

import Foundation
import JSON
import Reactive
import XCTest
@testable import Network

final class SingleResponseTests: XCTestCase {
    private func provider(status: Int, body: String) -> Provider<TestAPI> {
        Provider(transport: StubTransport { _ in .response(statusCode: status, body: Data(body.utf8)) })
    }

    private func outcome<Element>(_ single: Single<Element>) -> String {
        let events = Recorder<String>()
        _ = single.subscribe { result in
            switch result {
            case .success(let element): events.append("success(\(element))")
            case .failure(let error): events.append("failure(\(error))")
            }
        }
        return events.all.joined(separator: ", ")
    }

    func testARequestChainFiltersAndMapsAtAKeyPath() {
        let envelope = #"{"code":0,"data":{"list":[{"id":1},{"id":2}]}}"#
        let ids = provider(status: 200, body: envelope).rx.request(.zen)
            .filterSuccessfulStatusCodes()
            .map([Identified].self, atKeyPath: "data.list")
            .map { $0.map(\.id) }
        XCTAssertEqual(outcome(ids), "success([1, 2])")
    }

    func testTheChainFailsWithTheStatusCodeError() {
        let ids = provider(status: 503, body: "{}").rx.request(.zen).filterSuccessfulStatusCodes().mapJSON()
        XCTAssertEqual(outcome(ids), "failure(Unacceptable status code 503 (GET https://api.example.com/v1/zen, status 503))")
    }

    func testStringAndJSONMappingOnASingle() {
        let provider = provider(status: 302, body: #"{"msg":"moved"}"#)
        XCTAssertEqual(outcome(provider.rx.request(.zen).filterSuccessfulStatusAndRedirectCodes().mapString(atKeyPath: "msg")), "success(moved)")
        XCTAssertEqual(outcome(provider.rx.request(.zen).filter(statusCodes: 300...399).mapJSON().map { $0["msg"]?.stringValue ?? "-" }), "success(moved)")
    }
}

private struct Identified: Decodable, Sendable {
    let id: Int
}

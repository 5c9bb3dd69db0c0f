import Foundation
import JSON
import Network
import Reactive
import XCTest
@testable import Feed

/// A custom source's requests as the transport receives them, and the next URLs it follows.
final class ProviderFeedSourceTests: XCTestCase {
    /// A source over a transport that records each request and answers with `answer(url)`.
    private func source(_ custom: JSON, answer: @escaping @Sendable (String) -> JSON) throws -> (ProviderFeedSource, Locked<[HTTPRequest]>) {
        let sent = Locked<[HTTPRequest]>([])
        let transport = StubTransport { request in
            sent.withLock { $0.append(request) }
            return .response(statusCode: 200, body: Data(answer(request.url.absoluteString).serialized()))
        }
        let input = try FeedInput(json: ["source": "custom", "baseURL": "https://api.test/", "accessKey": "KEY", "custom": custom])
        return (ProviderFeedSource(config: input.config, context: input.context, provider: Provider(transport: transport)), sent)
    }

    private func load(_ source: ProviderFeedSource, _ request: PageRequest) -> Result<FeedPage, FeedError> {
        let box = Locked<Result<FeedPage, FeedError>?>(nil)
        _ = source.page(request).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        return box.current!
    }

    func testAPostSendsTheJSONBodyWithItsContentType() throws {
        let (source, sent) = try source([
            "url": "{baseURL}query", "method": "POST", "headers": ["Authorization": "Bearer {accessKey}"],
            "body": ["start_cursor": "{cursor}", "page_size": "{pageSize}"], "paging": "cursor", "nextCursor": "next",
            "items": "results", "fields": ["id": "id"],
        ]) { _ in ["results": [["id": 1]], "next": "c2"] }
        let page = try load(source, PageRequest(index: 0, pageSize: 5, category: "all")).get()
        XCTAssertEqual(page.nextCursor, "c2")
        _ = try load(source, PageRequest(index: 1, pageSize: 5, category: "all", cursor: "c2")).get()
        let requests = sent.current
        XCTAssertEqual(requests.map(\.method), [.post, .post])
        XCTAssertEqual(requests[0].value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(requests[0].value(forHTTPHeaderField: "Authorization"), "Bearer KEY")
        XCTAssertEqual(try requests.map { try JSON.parse([UInt8]($0.body ?? Data())) },
                       [["page_size": 5], ["start_cursor": "c2", "page_size": 5]])
    }

    func testNextURLsAreRequestedAsGivenAndOnlyOverHTTP() throws {
        let (source, sent) = try source(["url": "{baseURL}items", "paging": "next", "nextURL": "next", "items": "results", "fields": ["id": "id"]]) { url in
            url.hasSuffix("/items") ? ["results": [["id": 1]], "next": "/items?cursor=b"] : ["results": [["id": 2]], "next": "file:///etc/passwd"]
        }
        let first = try load(source, PageRequest(index: 0, pageSize: 1, category: "all")).get()
        XCTAssertEqual(first.nextCursor, "https://api.test/items?cursor=b")
        let second = try load(source, PageRequest(index: 1, pageSize: 1, category: "all", cursor: first.nextCursor)).get()
        XCTAssertTrue(second.hasMore, "the list goes on: the refusal comes when that page is loaded")
        let third = load(source, PageRequest(index: 2, pageSize: 1, category: "all", cursor: second.nextCursor))
        XCTAssertEqual(third.failure, .refusedScheme("file", url: "file:///etc/passwd"))
        XCTAssertEqual(sent.current.map { $0.url.absoluteString }, ["https://api.test/items", "https://api.test/items?cursor=b"])
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

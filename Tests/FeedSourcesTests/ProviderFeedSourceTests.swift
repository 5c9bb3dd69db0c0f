import FeedModel
@testable import FeedSources
import Foundation
import JSON
import Locking
import Network
import Reactive
import XCTest

/// A custom source's requests as the transport receives them, and the next URLs it follows.
final class ProviderFeedSourceTests: XCTestCase {
    /// A source over a transport that records each request and answers with `answer(url)`.
    private func source(_ custom: JSON, answer: @escaping @Sendable (String) -> JSON) throws -> (ProviderFeedSource, Locked<[HTTPRequest]>) {
        let sent = Locked<[HTTPRequest]>([])
        let transport = StubTransport { request in
            sent.withLock { $0.append(request) }
            return .response(statusCode: 200, body: Data(answer(request.url.absoluteString).serialized()))
        }
        return (try source(custom, transport: transport), sent)
    }

    private func source(_ custom: JSON, transport: some HTTPTransport) throws -> ProviderFeedSource {
        let config = try SourceConfig(json: custom, field: "input.custom")
        let context = SourceConfig.Context(baseURL: "https://api.test/", accessKey: "KEY")
        return ProviderFeedSource(config: config, context: context, provider: Provider(transport: transport))
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

extension ProviderFeedSourceTests {
    func testRelativeURLsResolveAgainstTheURLThePageCameFromAfterARedirect() throws {
        let moved = ["https://api.test/api/posts?key=KEY": "https://other.test/v2/posts/?key=KEY",
                     "https://other.test/v2/posts/?page=2": "https://other.test/v2/posts/?page=2&v=3"]
        let transport = RedirectingTransport(moved: moved) { url in
            url.contains("v=3") ? ["posts": [["id": 2]], "next": "?page=2"] : ["posts": [["id": 1, "image": "media/a.jpg"]], "next": "?page=2"]
        }
        let source = try source(["url": "{baseURL}api/posts", "query": ["key": "{accessKey}"], "paging": "next", "nextURL": "next",
                                 "items": "posts", "fields": ["id": "id", "imageURL": "image"]], transport: transport)

        let first = try load(source, PageRequest(index: 0, pageSize: 1, category: "all")).get()
        XCTAssertEqual(first.items.map(\.imageURL), ["https://other.test/v2/posts/media/a.jpg"], "path-relative: the redirected path is the base")
        XCTAssertEqual(first.nextCursor, "https://other.test/v2/posts/?page=2")
        let second = try load(source, PageRequest(index: 1, pageSize: 1, category: "all", cursor: first.nextCursor)).get()
        XCTAssertEqual(second.nextCursor, nil, "the next URL is the one just requested: following it would loop")
        XCTAssertFalse(second.hasMore)
    }

    func testAnErrorAfterARedirectShowsTheRequestedURLRedacted() throws {
        let transport = RedirectingTransport(moved: ["https://api.test/api/posts?key=KEY": "https://other.test/KEY/posts?key=KEY"]) { _ in ["nothing": []] }
        let source = try source(["url": "{baseURL}api/posts", "query": ["key": "{accessKey}"], "items": "posts", "fields": ["id": "id"]], transport: transport)
        let failure = load(source, PageRequest(index: 0, pageSize: 1, category: "all")).failure
        guard case .decoding(_, let url) = failure else { return XCTFail("expected a decoding error, got \(String(describing: failure))") }
        XCTAssertEqual(url, "https://api.test/api/posts?key=REDACTED")
    }
}

/// Answers every request at once with `answer(final URL)`, as if redirected from the URL
/// requested to `moved[url]` (when listed): what curl reports for a followed `Location`.
private struct RedirectingTransport: HTTPTransport {
    let moved: [String: String]
    let answer: @Sendable (String) -> JSON

    func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let final = moved[request.url.absoluteString] ?? request.url.absoluteString
        completion(.success((HTTPResponse(statusCode: 200, url: URL(string: final)), Data(answer(final).serialized()))))
        return Disposables.create()
    }
}

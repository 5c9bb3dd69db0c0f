import FeedModel
@testable import FeedSources
import FeedVMTestSupport
import ImageCodecs
import JSON
import XCTest

final class SourceMappingTests: XCTestCase {
    private func page(_ config: SourceConfig, _ body: JSON, status: Int = 200, headers: [String: String] = [:], index: Int = 0, pageSize: Int = 10) throws -> FeedPage {
        try config.page(body: body.serialized(), statusCode: status, headers: headers, request: PageRequest(index: index, pageSize: pageSize, category: "all"), url: "https://example.test/")
    }

    private func failure(_ config: SourceConfig, _ body: JSON, status: Int = 200) -> FeedError? {
        do {
            _ = try page(config, body, status: status)
            return nil
        } catch { return error as? FeedError }
    }

    func testGankURLsPercentEncodeTheCategoryAndCountPagesFromOne() {
        let url = SourceConfig.gank.url(for: PageRequest(index: 0, pageSize: 10, category: "福利"), context: .init(baseURL: "https://gank.io/api/data/"))
        XCTAssertEqual(url, "https://gank.io/api/data/%E7%A6%8F%E5%88%A9/10/1")
    }

    func testGankItemsMapAndAShortPageEndsTheList() throws {
        let item: JSON = ["_id": "5a", "desc": "A cat", "url": "https://img/cat.jpg", "who": "ada", "source": "web", "type": "福利", "publishedAt": "2017-01-01T00:00:00Z", "used": true]
        let result = try page(.gank, ["error": false, "results": [item]])
        XCTAssertEqual(result.items, [FeedItem(id: "5a", title: "A cat", imageURL: "https://img/cat.jpg", author: "ada", source: "web", publishedAt: "2017-01-01T00:00:00Z")])
        XCTAssertFalse(result.hasMore)
        let full = try page(.gank, ["error": false, "results": .array(Array(repeating: item, count: 10))])
        XCTAssertTrue(full.hasMore)
    }

    func testGankErrorTrueIsAFailure() {
        XCTAssertEqual(failure(.gank, ["error": true, "results": []])?.status, 200)
    }

    func testUnsplashSendsTheAccessKeyAndReadsTheLinkHeader() throws {
        let config = SourceConfig.unsplash
        let request = PageRequest(index: 1, pageSize: 30, category: "all")
        let context = SourceConfig.Context(baseURL: "https://api.unsplash.com/", accessKey: "KEY")
        XCTAssertEqual(config.url(for: request, context: context), "https://api.unsplash.com/photos?page=2&per_page=30")
        XCTAssertEqual(config.headers(for: request, context: context), ["Authorization": "Client-ID KEY"])
        let photo: JSON = ["id": "p1", "description": nil, "alt_description": "a hill", "width": 4000, "height": 3000,
                           "urls": ["regular": "https://images/r.jpg", "thumb": "https://images/t.jpg"], "user": ["name": "Grace"]]
        let withNext = try page(config, [photo], headers: ["link": #"<https://api.unsplash.com/photos?page=3>; rel="next", <...>; rel="last""#])
        XCTAssertEqual(withNext.items.first, FeedItem(id: "p1", title: "a hill", imageURL: "https://images/r.jpg", thumbnailURL: "https://images/t.jpg", author: "Grace", width: 4000, height: 3000))
        XCTAssertTrue(withNext.hasMore)
        XCTAssertFalse(try page(config, [photo], headers: ["Link": #"<https://api.unsplash.com/photos?page=1>; rel="first""#]).hasMore)
        XCTAssertTrue(try page(config, [photo], headers: ["X-Total": "100"]).hasMore)
        XCTAssertFalse(try page(config, [photo], headers: ["X-Total": "1"]).hasMore)
    }

    func testUnsplashErrorBodiesBecomeTheMessage() {
        let error = failure(.unsplash, ["errors": ["OAuth error: The access token is invalid"]], status: 401)
        XCTAssertEqual(error, .server(message: "OAuth error: The access token is invalid", status: 401, url: "https://example.test/"))
    }

    func testEnvelopeCodesOtherThanSuccessFailWithMsgAndTotalsEndTheList() throws {
        XCTAssertEqual(failure(.envelope(), ["code": 1001, "msg": "token expired", "data": nil])?.message, "token expired")
        let items: JSON = .array((0..<10).map { ["id": .int($0), "title": "t", "image": .string("https://i/\($0).png")] as JSON })
        XCTAssertTrue(try page(.envelope(), ["code": 0, "msg": "ok", "data": ["list": items, "count": 25]], index: 1).hasMore)
        XCTAssertFalse(try page(.envelope(), ["code": 0, "msg": "ok", "data": ["list": items, "total": 20]], index: 1).hasMore)
        XCTAssertEqual(try page(.envelope(), ["code": 0, "data": ["list": items, "count": 25]]).items.first?.id, "0")
        XCTAssertEqual(try page(.envelope(successCode: "OK"), ["code": "OK", "data": ["list": [], "count": 0]]).items, [])
    }

    func testCustomCursorPagingEndsOnANullCursor() throws {
        let config = try SourceConfig(json: [
            "url": "https://api.test/feed", "query": ["after": "{cursor}", "limit": "{pageSize}"], "paging": "cursor",
            "items": "data.children", "nextCursor": "data.after", "fields": ["id": "data.name", "title": "data.title", "imageURL": "data.url"],
        ], field: "input.custom")
        XCTAssertEqual(config.url(for: PageRequest(index: 0, pageSize: 5, category: "all"), context: .init(baseURL: "")), "https://api.test/feed?limit=5")
        XCTAssertEqual(config.url(for: PageRequest(index: 1, pageSize: 5, category: "all", cursor: "t3_x"), context: .init(baseURL: "")), "https://api.test/feed?after=t3_x&limit=5")
        let child: JSON = ["data": ["name": "t3_a", "title": "A", "url": "https://i/a.png"]]
        let more = try page(config, ["data": ["children": [child], "after": "t3_a"]])
        XCTAssertEqual(more.nextCursor, "t3_a")
        XCTAssertTrue(more.hasMore)
        XCTAssertFalse(try page(config, ["data": ["children": [child], "after": nil]]).hasMore)
    }

    func testCustomOffsetPagingAndAHasMoreFlag() throws {
        let config = try SourceConfig(json: [
            "url": "{baseURL}items/{category}?offset={offset}&n={pageSize}", "paging": "offset", "items": "items", "hasMore": "more",
            "fields": ["id": "key", "imageURL": ["img.large", "img.small"]],
        ], field: "input.custom")
        XCTAssertEqual(config.url(for: PageRequest(index: 2, pageSize: 10, category: "a b"), context: .init(baseURL: "https://x.test/")), "https://x.test/items/a%20b?offset=20&n=10")
        let result = try page(config, ["items": [["key": 1, "img": ["small": "https://i/s.png"]]], "more": true])
        XCTAssertEqual(result.items.first?.imageURL, "https://i/s.png")
        XCTAssertTrue(result.hasMore)
    }

    func testAnEmptyPageAlwaysEndsTheList() throws {
        XCTAssertFalse(try page(.envelope(), ["code": 0, "data": ["list": [], "count": 1000]]).hasMore)
    }

    func testHTTPFailuresCarryTheStatusAndTheServersMessage() {
        XCTAssertEqual(failure(.gank, ["message": "rate limited"], status: 429), .server(message: "rate limited", status: 429, url: "https://example.test/"))
        XCTAssertEqual(failure(.gank, "<html>", status: 502)?.message, "HTTP 502")
    }

    func testPercentEncodingMatchesFoundationsOnRandomText() {
        var random = SplitMix64(seed: 2026)
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let alphabet = Array("aZ09-._~ /&?=%+#福利éЖ😀\u{7F}\u{0}")
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            XCTAssertEqual(SourceConfig.percentEncoded(text), text.addingPercentEncoding(withAllowedCharacters: unreserved), text)
        }
    }

    func testAnErrorFlagIsNeverTakenForTheMessage() {
        let error = failure(.unsplash, ["error": true, "errors": [false]], status: 502)
        XCTAssertEqual(error, .server(message: "HTTP 502", status: 502, url: "https://example.test/"))
    }

    func testABodyWithoutTheItemArrayIsADecodingFailure() {
        guard case .decoding(let message, _) = failure(.envelope(), ["code": 0, "data": ["rows": []]]) else { return XCTFail() }
        XCTAssertTrue(message.contains("data.list"))
    }

    func testStubCatalogIsDeterministicWithAShortLastPage() throws {
        let catalog = StubCatalog()
        let last = catalog.page(for: PageRequest(index: 9, pageSize: 10, category: "iOS"))
        XCTAssertEqual(last.items.count, 5)
        XCTAssertFalse(last.hasMore)
        XCTAssertEqual(last.endReason, .totalReached)
        XCTAssertTrue(catalog.page(for: PageRequest(index: 8, pageSize: 10, category: "iOS")).hasMore)
        XCTAssertEqual(catalog.page(for: PageRequest(index: 10, pageSize: 10, category: "iOS")), FeedPage(items: [], hasMore: false, endReason: .emptyPage))
        XCTAssertEqual(catalog.page(for: PageRequest(index: 2, pageSize: 10, category: "all")), StubCatalog().page(for: PageRequest(index: 2, pageSize: 10, category: "all")))
        let item = catalog.item(category: "welfare", position: 7)
        let png = try XCTUnwrap(StubCatalog.imageData(for: item.imageURL!))
        XCTAssertEqual(ImageFormat.sniff(png).map { [$0.width, $0.height] }, [item.width!, item.height!])
        XCTAssertNotEqual(StubCatalog.imageData(for: catalog.item(category: "welfare", position: 8).imageURL!), png)
    }

    func testNegativeSizesOfAnItemAreLeftOut() throws {
        let fields = FieldMap(id: ["id"], title: ["t"], imageURL: ["u"], width: ["w"], height: ["h"])
        let item = try XCTUnwrap(fields.item(from: ["id": "a", "t": "A", "u": "https://x/a.png", "w": -5, "h": "-7"]))
        XCTAssertNil(item.width)
        XCTAssertNil(item.height)
        XCTAssertEqual(fields.item(from: ["id": "b", "u": "https://x/b.png", "w": 0, "h": "12"])?.height, 12)
    }
}

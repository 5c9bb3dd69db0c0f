@testable import Feed
import FeedModel
import FeedSources
import Foundation
import Images
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// The production wiring (`FeedEnvironment.live`) with its transport replaced by a stub.
final class LiveEnvironmentTests: XCTestCase {
    private func run(_ viewModel: FeedViewModel, _ scheduler: TestScheduler, reload: Bool) -> Result<PageLoadResult, FeedError>? {
        let box = Locked<Result<PageLoadResult, FeedError>?>(nil)
        _ = viewModel.request(reload: reload).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        scheduler.start()
        return box.current
    }

    func testTheStubSourceAnswersFromItsCatalogAfterTheStubDelay() throws {
        let scheduler = TestScheduler()
        let transport = StubTransport { _ in
            XCTFail("a stubbed source must not reach the transport")
            return .never
        }
        let loader = ImageLoader(diskCache: nil, transport: SchemeRoutingTransport(live: transport))
        let environment = FeedEnvironment.live(scheduler: scheduler, imageLoader: loader, transport: transport, defaultStubDelay: 0.3)
        let viewModel = FeedViewModel(input: .stub(), environment: environment)
        _ = viewModel.transform(input: .init())
        let box = Locked<Result<PageLoadResult, FeedError>?>(nil)
        _ = viewModel.request(reload: true).subscribe { result in box.withLock { $0 = result.mapError { $0 as! FeedError } } }
        scheduler.advanceTo(1)
        XCTAssertNil(box.current, "still waiting for the stub delay")
        XCTAssertEqual(viewModel.currentRefreshStatus, .beingHeaderRefresh)
        scheduler.start()
        XCTAssertEqual(try box.current?.get().count, 10)
    }

    func testAnExpiredEnvelopeTokenIsRenewedOnceAndTheRequestRetried() throws {
        let refreshes = Locked(0)
        let transport = StubTransport { request in
            let url = request.url.absoluteString
            if url == "https://api.test/token" {
                refreshes.withLock { $0 += 1 }
                return .response(statusCode: 200, body: Data(#"{"data": {"token": "fresh"}}"#.utf8))
            }
            guard request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh" else {
                return .response(statusCode: 200, body: Data(#"{"code": 1001, "msg": "token expired"}"#.utf8))
            }
            XCTAssertEqual(request.value(forHTTPHeaderField: "uid"), "42")
            let body: JSON = ["code": 0, "msg": "ok", "data": ["list": [["id": "1", "title": "one", "imageURL": "https://i/1.png"]], "count": 1]]
            return .response(statusCode: 200, body: Data(body.serialized()))
        }
        let input = try FeedInput(json: [
            "source": "envelope", "baseURL": "https://api.test/list", "headers": ["uid": "42"],
            "auth": ["token": "stale", "refreshURL": "https://api.test/token", "expiredCodes": [1001]],
        ])
        let scheduler = TestScheduler()
        let environment = FeedEnvironment.live(scheduler: scheduler, imageLoader: ImageLoader(diskCache: nil, transport: transport), transport: transport)
        let viewModel = FeedViewModel(input: input, environment: environment)
        XCTAssertEqual(try run(viewModel, scheduler, reload: true)?.get(), PageLoadResult(revision: 1, count: 1, page: 1, hasMore: false, endReason: .totalReached))
        XCTAssertEqual(refreshes.current, 1)
        XCTAssertEqual(try run(viewModel, scheduler, reload: true)?.get().count, 1)
        XCTAssertEqual(refreshes.current, 1, "the renewed token is kept")
    }

    func testAFailedRenewalFailsTheLoadWithAMessage() throws {
        let transport = StubTransport { request in
            request.url.path == "/token"
                ? .response(statusCode: 500, body: Data())
                : .response(statusCode: 401, body: Data(#"{"code": 401, "msg": "unauthorized"}"#.utf8))
        }
        let input = try FeedInput(json: ["source": "envelope", "baseURL": "https://api.test/list", "auth": ["refreshURL": "https://api.test/token"]])
        let scheduler = TestScheduler()
        let viewModel = FeedViewModel(input: input, environment: .live(scheduler: scheduler, imageLoader: ImageLoader(diskCache: nil, transport: transport), transport: transport))
        guard case .failure(.transport(let message, let url, _)) = run(viewModel, scheduler, reload: true) else { return XCTFail("expected a failure") }
        XCTAssertTrue(message.contains("token"), message)
        XCTAssertEqual(url, "https://api.test/list?category=all&page=1&pageSize=10")
    }
}

final class FailureURLTests: XCTestCase {
    func testFailuresNameTheURLWithoutSecrets() throws {
        let transport = StubTransport { _ in .response(statusCode: 403, body: Data(#"{"message": "forbidden"}"#.utf8)) }
        let input = try FeedInput(json: [
            "source": "custom", "accessKey": "s3cr3t",
            "custom": ["url": "https://api.test/{accessKey}/feed", "query": ["k": "{accessKey}", "api_token": "abc", "page": "{page}"],
                       "fields": ["id": "id", "imageURL": "u"]],
        ])
        let scheduler = TestScheduler()
        let environment = FeedEnvironment.live(scheduler: scheduler, imageLoader: ImageLoader(diskCache: nil, transport: transport), transport: transport)
        let source = environment.makeSource(input)
        let box = Locked<FeedError?>(nil)
        _ = source.page(input.pageRequest(index: 0, cursor: nil)).subscribe { result in
            if case .failure(let error) = result { box.withLock { $0 = error as? FeedError } }
        }
        scheduler.start()  // answers reach the source on its session's scheduler
        let error = try XCTUnwrap(box.current)
        XCTAssertEqual(error.status, 403)
        XCTAssertEqual(error.message, "forbidden")
        XCTAssertEqual(error.url, "https://api.test/REDACTED/feed?api_token=REDACTED&k=REDACTED&page=1")
    }

    func testStubImagesAreServedByTheStubTransport() throws {
        let loader = ImageLoader(diskCache: nil, transport: SchemeRoutingTransport(live: CurlTransport()))
        let item = StubCatalog().item(category: "iOS", position: 3)
        let loaded = expectation(description: "the image")
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        let request = loader.retrieveImage(item.imageURL!) { result in
            box.withLock { $0 = result }
            loaded.fulfill()
        }
        wait(for: [loaded], timeout: 10)
        request.dispose()
        let image = try XCTUnwrap(box.current).get()
        XCTAssertEqual([image.info.width, image.info.height], [item.width!, item.height!])
    }
}

import FeedModel
@testable import FeedSources
import Foundation
import JSON
import Locking
import Network
import Reactive
import ReactiveTesting
import XCTest

/// OAuth2 client credentials: the token fetched on first use, shared, renewed on 401 and on
/// expiry (on the session's clock), and the id, secret and tokens never shown.
final class ClientCredentialsTests: XCTestCase {
    private let twitch: JSON = [
        "url": "{baseURL}helix/streams", "query": ["first": "{pageSize}", "after": "{cursor}"],
        "headers": ["Client-Id": "client-abc123"], "paging": "cursor", "nextCursor": "pagination.cursor", "items": "data",
        "oauth2": ["tokenURL": "https://id.twitch.test/oauth2/token", "clientId": "client-abc123", "clientSecret": "s3cret-xyz", "credentials": "body"],
        "fields": ["id": "id", "title": "title"],
    ]

    /// An API that takes only the token it issued last, and an identity server that issues
    /// `token-1`, `token-2`, ... valid for `lifetime` seconds.
    private final class Backend: Sendable {
        let issued = Locked<[String]>([])
        let tokenRequests = Locked<[HTTPRequest]>([])
        let apiAuthorizations = Locked<[String?]>([])
        let lifetime: Int
        let revoked = Locked(false)

        init(lifetime: Int = 3600) { self.lifetime = lifetime }

        func answer(_ request: HTTPRequest) -> StubTransport.Reply {
            if request.url.path == "/oauth2/token" {
                tokenRequests.withLock { $0.append(request) }
                let token = issued.withLock { issued -> String in
                    issued.append("token-\(issued.count + 1)")
                    return issued.last!
                }
                return SourceHarness.json(["access_token": .string(token), "expires_in": .int(Int64(lifetime)), "token_type": "bearer"])
            }
            let authorization = request.value(forHTTPHeaderField: "Authorization")
            apiAuthorizations.withLock { $0.append(authorization) }
            let current = issued.current.last.map { "Bearer \($0)" }
            guard authorization == current, !revoked.withLock({ was in defer { was = false }; return was }) else {
                return SourceHarness.json(["error": "Unauthorized", "status": 401, "message": "Invalid OAuth token"], status: 401)
            }
            return SourceHarness.json(["data": [["id": "1", "title": "Live"]], "pagination": ["cursor": "c2"]])
        }
    }

    func testTheTokenIsFetchedOnFirstUseAndSentAsABearer() throws {
        let backend = Backend()
        let obtained = Locked<[String]>([])
        let resources = SourceResources { token in obtained.withLock { $0.append(token) } }
        let harness = try SourceHarness(twitch, baseURL: "https://api.twitch.test", resources: resources, route: backend.answer)
        let page = try harness.load(PageRequest(index: 0, pageSize: 20, category: "all")).get()
        XCTAssertEqual(page.items.map(\.id), ["1"])
        XCTAssertEqual(backend.apiAuthorizations.current, ["Bearer token-1"])
        XCTAssertEqual(obtained.current, ["token-1"], "handed over to be redacted before any request carried it")
        let tokenRequest = try XCTUnwrap(backend.tokenRequests.current.first)
        XCTAssertEqual(tokenRequest.method, .post)
        XCTAssertEqual(tokenRequest.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(String(decoding: tokenRequest.body ?? Data(), as: UTF8.self),
                       "grant_type=client_credentials&client_id=client-abc123&client_secret=s3cret-xyz")
        _ = try harness.load(PageRequest(index: 1, pageSize: 20, category: "all", cursor: "c2")).get()
        XCTAssertEqual(backend.tokenRequests.current.count, 1, "the token is reused")
    }

    func testBasicAuthenticationIsTheDefault() throws {
        var custom = twitch
        custom[keyPath: "oauth2"] = ["tokenURL": "https://id.test/oauth2/token", "clientId": "id:1", "clientSecret": "p@ss", "scope": "read write"]
        let credentials = try XCTUnwrap(try SourceConfig(json: custom, field: "input.custom").clientCredentials)
        let request = try XCTUnwrap(credentials.tokenRequest(timeout: 5))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Basic " + Data("id%3A1:p%40ss".utf8).base64EncodedString())
        XCTAssertEqual(String(decoding: request.body ?? Data(), as: UTF8.self), "grant_type=client_credentials&scope=read%20write")
        XCTAssertEqual(request.timeoutInterval, 5)
    }

    func testA401RenewsTheTokenOnceAndRetries() throws {
        let backend = Backend()
        let harness = try SourceHarness(twitch, baseURL: "https://api.twitch.test", resources: SourceResources(), route: backend.answer)
        _ = try harness.load(PageRequest(index: 0, pageSize: 20, category: "all")).get()
        backend.revoked.withLock { $0 = true }
        let page = try harness.load(PageRequest(index: 1, pageSize: 20, category: "all", cursor: "c2")).get()
        XCTAssertEqual(page.items.count, 1)
        XCTAssertEqual(backend.apiAuthorizations.current, ["Bearer token-1", "Bearer token-1", "Bearer token-2"])
    }

    func testAnExpiredTokenIsRenewedBeforeItIsSent() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 1, simulateProcessingDelay: false)
        let backend = Backend(lifetime: 100)
        let harness = try SourceHarness(twitch, baseURL: "https://api.twitch.test", scheduler: scheduler, resources: SourceResources(), route: backend.answer)
        func load(at time: TestTime, _ index: Int) {
            scheduler.scheduleAt(time) { _ = harness.source.page(PageRequest(index: index, pageSize: 20, category: "all", cursor: index > 0 ? "c2" : nil)).subscribe { _ in } }
        }
        load(at: 10, 0)
        load(at: 80, 1)   // 70 s into a 100 s token: still good
        load(at: 105, 1)  // within the last tenth: renewed first
        scheduler.start()
        XCTAssertEqual(backend.apiAuthorizations.current, ["Bearer token-1", "Bearer token-1", "Bearer token-2"])
        XCTAssertEqual(backend.tokenRequests.current.count, 2)
    }

    func testAFailedTokenRequestFailsThePageSayingWhy() throws {
        let harness = try SourceHarness(twitch, baseURL: "https://api.twitch.test", resources: SourceResources()) { request in
            request.url.path == "/oauth2/token"
                ? SourceHarness.json(["error": "invalid_client", "error_description": "bad secret"], status: 401)
                : SourceHarness.json(["data": []])
        }
        let failure = try XCTUnwrap(harness.load(PageRequest(index: 0, pageSize: 20, category: "all")).failure)
        XCTAssertTrue(failure.message.contains("the token endpoint answered HTTP 401 without an access_token (invalid_client: bad secret)"), failure.message)
        XCTAssertEqual(harness.urls, ["https://id.twitch.test/oauth2/token"], "no API request without a token")
    }

    func testTheGrantIsChecked() {
        for (oauth2, message) in [
            (["tokenURL": "ftp://id.test/", "clientId": "a", "clientSecret": "b"] as JSON, "input.custom.oauth2.tokenURL: must be an http or https URL"),
            (["tokenURL": "https://id.test/", "clientSecret": "b"], "input.custom.oauth2.clientId: is required"),
            (["tokenURL": "https://id.test/", "clientId": "a", "clientSecret": "b", "credentials": "header"], #"input.custom.oauth2.credentials: must be "basic" or "body", got "header""#),
        ] {
            XCTAssertThrowsError(try SourceConfig(json: ["url": "https://a.test/", "oauth2": oauth2, "fields": ["id": "id"]], field: "input.custom")) { error in
                XCTAssertEqual((error as? FeedInputError)?.description, message)
            }
        }
    }
}

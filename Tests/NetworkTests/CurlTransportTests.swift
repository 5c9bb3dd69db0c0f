import Foundation
import Locking
@testable import Network
import Reactive
import XCTest

/// Real HTTP over loopback against `LoopbackHTTPServer` (POSIX sockets inside the test target,
/// bound to 127.0.0.1 on a kernel-chosen port; no external process).
final class CurlTransportTests: XCTestCase {
    private var server: LoopbackHTTPServer!

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func startServer(_ handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply) throws -> URL {
        server = try LoopbackHTTPServer(handler: handler)
        return server.baseURL
    }

    /// Sends `target` through a real provider and waits for its single result.
    private func send(_ target: URLTarget, transport: CurlTransport = CurlTransport(), plugins: [any PluginType] = []) -> Result<Response, NetworkError> {
        let provider = Provider<URLTarget>(transport: transport, plugins: plugins)
        let done = expectation(description: "completion")
        let result = Locked<Result<Response, NetworkError>?>(nil)
        provider.request(target) { outcome in
            result.withLock { $0 = outcome }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        return result.current ?? .failure(.cancelled(nil))
    }

    func testAGetRequestReachesTheServerAndTheResponseComesBack() throws {
        let seen = Recorder<LoopbackHTTPServer.Request>()
        let baseURL = try startServer { request in
            seen.append(request)
            return .respond(status: 200, headers: ["Content-Type": "application/json", "Link": "<next>"], body: Data(#"{"results":[{"id":"a"}]}"#.utf8))
        }
        let target = URLTarget(baseURL: baseURL, path: "api/福利/10/1", task: .requestParameters(parameters: ["q": "a b"], encoding: .url), headers: ["X-Client": "tests"])

        let response = try send(target).get()

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.header("link"), "<next>")
        XCTAssertEqual(try response.mapJSON()[keyPath: "results.0.id"], "a")
        let request = try XCTUnwrap(seen.all.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/api/%E7%A6%8F%E5%88%A9/10/1?q=a%20b")
        XCTAssertEqual(request.header("X-Client"), "tests")
    }

    func testCompletionsNeverRunOnTheEventThread() throws {
        let baseURL = try startServer { _ in .respond(status: 200, headers: [:], body: Data("ok".utf8)) }
        let onEventThread = Recorder<Bool>()
        let done = expectation(description: "completion")
        _ = CurlTransport().send(HTTPRequest(url: baseURL)) { _ in
            onEventThread.append(CurlEventLoop.isCurrentThread)
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(onEventThread.all, [false], "a slow consumer (a cache write) must not hold up other transfers")
    }

    func testAPostBodyArrivesIntact() throws {
        let seen = Recorder<LoopbackHTTPServer.Request>()
        let baseURL = try startServer { request in
            seen.append(request)
            return .respond(status: 201, headers: [:], body: request.body)
        }
        let target = URLTarget(baseURL: baseURL, path: "posts", method: .post, task: .requestParameters(parameters: ["title": "hi"], encoding: .json))

        let response = try send(target).get()

        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(try response.mapString(), #"{"title":"hi"}"#)
        XCTAssertEqual(seen.all.first?.header("Content-Type"), "application/json")
    }

    func testDisposingARequestClosesTheConnectionTheServerHoldsOpen() throws {
        let connected = expectation(description: "server got the request")
        let closed = expectation(description: "client closed the connection")
        let baseURL = try startServer { _ in
            connected.fulfill()
            return .hang(clientClosed: { closed.fulfill() })
        }
        let provider = Provider<URLTarget>()
        let events = Recorder<String>()

        let subscription = provider.rx.request(URLTarget(baseURL: baseURL, path: "slow")).subscribe { events.append("\($0)") }
        wait(for: [connected], timeout: 30)
        subscription.dispose()

        wait(for: [closed], timeout: 30)
        XCTAssertEqual(events.all, [])
    }

    func testCancellingReportsCancelledToTheCompletion() throws {
        let connected = expectation(description: "server got the request")
        let baseURL = try startServer { _ in
            connected.fulfill()
            return .hang(clientClosed: {})
        }
        let done = expectation(description: "completion")
        let result = Recorder<String>()
        let request = Provider<URLTarget>().request(URLTarget(baseURL: baseURL, path: "slow")) { outcome in
            result.append(RecordingPlugin.describe(outcome))
            done.fulfill()
        }
        wait(for: [connected], timeout: 30)
        request.dispose()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(result.all, ["The request was cancelled (GET \(baseURL.absoluteString)slow)"])
    }

    func testABodyOverTheCapEndsTheRequestAndClosesTheConnection() throws {
        let hungUp = expectation(description: "the client hung up")
        let chunk = Data(repeating: 0x61, count: 64 * 1024)
        let baseURL = try startServer { _ in
            // 32 MiB, then the connection stays open until the client closes it.
            .stream(chunk: chunk, count: 512, clientClosed: { _ in hungUp.fulfill() })
        }

        let result = send(URLTarget(baseURL: baseURL, path: "huge"), transport: CurlTransport.with { $0.maxBodyBytes = 256 * 1024 })

        XCTAssertEqual(RecordingPlugin.describe(result), "The response body exceeds the limit of 262144 bytes (GET \(baseURL.absoluteString)huge)")
        // Without a Content-Length the response never ends on its own: only the transport's
        // cancel closes the connection.
        wait(for: [hungUp], timeout: 30)
    }

    func testADeclaredContentLengthOverTheCapFailsBeforeTheBodyIsRead() throws {
        let baseURL = try startServer { _ in .respond(status: 200, headers: [:], body: Data(count: 2048)) }
        let result = send(URLTarget(baseURL: baseURL, path: "big"), transport: CurlTransport.with { $0.maxBodyBytes = 1024 })
        XCTAssertEqual(RecordingPlugin.describe(result), "The response body exceeds the limit of 1024 bytes (GET \(baseURL.absoluteString)big)")
    }

    func testNonHTTPSchemesAreRefused() {
        let result = send(URLTarget(baseURL: URL(string: "stub://images/")!, path: "1.png"))
        XCTAssertEqual(RecordingPlugin.describe(result), #"Unsupported URL scheme "stub": only http and https are allowed (GET stub://images/1.png)"#)
    }

    func testARedirectToANonHTTPSchemeIsRefused() throws {
        let baseURL = try startServer { _ in .respond(status: 302, headers: ["Location": "ftp://127.0.0.1/secret.txt"], body: Data()) }
        let result = send(URLTarget(baseURL: baseURL, path: "redirect"))
        XCTAssertEqual(RecordingPlugin.describe(result), #"Unsupported URL scheme "ftp": only http and https are allowed (GET \#(baseURL.absoluteString)redirect)"#)
    }

    func testARedirectToAFileURLNeverReadsTheFile() throws {
        // corelibs refuses this redirect itself (before asking the delegate); it must fail either way.
        let baseURL = try startServer { _ in .respond(status: 302, headers: ["Location": "file:///etc/hostname"], body: Data()) }
        let result = send(URLTarget(baseURL: baseURL, path: "redirect"))
        XCTAssertThrowsError(try result.get())
    }

    func testAHandleThatFollowedARefusedRedirectServesTheNextRequest() throws {
        let baseURL = try startServer { request in
            request.target == "/to-file"
                ? .respond(status: 302, headers: ["Location": "file:///etc/hostname"], body: Data())
                : .respond(status: 200, headers: [:], body: Data("ok".utf8))
        }
        let transport = CurlTransport()
        XCTAssertThrowsError(try send(URLTarget(baseURL: baseURL, path: "to-file"), transport: transport).get())
        XCTAssertEqual(try send(URLTarget(baseURL: baseURL, path: "next"), transport: transport).get().mapString(), "ok")
    }

    func testAnHTTPRedirectIsFollowed() throws {
        let baseURL = try startServer { request in
            request.target == "/old"
                ? .respond(status: 301, headers: ["Location": "/new"], body: Data())
                : .respond(status: 200, headers: [:], body: Data(request.target.utf8))
        }
        XCTAssertEqual(try send(URLTarget(baseURL: baseURL, path: "old")).get().mapString(), "/new")
    }

    func testTheResponseURLIsTheOneTheAnswerCameFromAfterRedirects() throws {
        let baseURL = try startServer { request in
            switch request.target {
            case "/api/posts?page=1": .respond(status: 302, headers: ["Location": "/moved/v2/posts?page=1"], body: Data())
            case "/moved/v2/posts?page=1": .respond(status: 301, headers: ["Location": "../v3/posts/?page=1"], body: Data())
            default: .respond(status: 200, headers: [:], body: Data(request.target.utf8))
            }
        }
        let redirected = try send(URLTarget(baseURL: baseURL, path: "api/posts", task: .requestParameters(parameters: ["page": 1], encoding: .url))).get()
        XCTAssertEqual(try redirected.mapString(), "/moved/v3/posts/?page=1")
        XCTAssertEqual(redirected.url?.absoluteString, "\(baseURL.absoluteString)moved/v3/posts/?page=1", "the last Location, resolved")
        XCTAssertEqual(redirected.request?.url.absoluteString, "\(baseURL.absoluteString)api/posts?page=1", "the request as sent")

        let direct = try send(URLTarget(baseURL: baseURL, path: "here")).get()
        XCTAssertEqual(direct.url?.absoluteString, "\(baseURL.absoluteString)here", "without a redirect, the URL requested")
    }

    func testARequestTimeoutEndsWithTimedOut() throws {
        let baseURL = try startServer { _ in .hang(clientClosed: {}) }
        let provider = Provider<URLTarget>(requestClosure: { endpoint in
            Provider<URLTarget>.defaultRequestMapping(for: endpoint).map { request in
                var short = request
                short.timeoutInterval = 1
                return short
            }
        })
        let done = expectation(description: "completion")
        let result = Recorder<String>()
        provider.request(URLTarget(baseURL: baseURL, path: "slow")) { outcome in
            result.append(RecordingPlugin.describe(outcome))
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(result.all, ["The request timed out (GET \(baseURL.absoluteString)slow)"])
    }

    func testAConnectionRefusalIsAnUnderlyingError() throws {
        let baseURL = try startServer { _ in .respond(status: 200, headers: [:], body: Data()) }
        server.stop()
        let result = send(URLTarget(baseURL: baseURL, path: "gone"))
        XCTAssertEqual(RecordingPlugin.describe(result), "The request failed: could not connect to the server (GET \(baseURL.absoluteString)gone)")
    }
}

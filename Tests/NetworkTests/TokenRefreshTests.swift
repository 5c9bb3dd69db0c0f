import Foundation
import JSON
import Locking
@testable import Network
import Reactive
import XCTest

final class TokenRefreshTests: XCTestCase {
    /// A backend that accepts only `Bearer <validToken>` and counts what it saw per request id.
    private final class Backend: Sendable {
        let validToken: String
        let sendsPerRequest = Locked<[String: Int]>([:])
        let authorizations = Recorder<String>()
        let onRejection: @Sendable (Int) -> Void
        private let rejections = Locked(0)

        init(validToken: String, onRejection: @escaping @Sendable (Int) -> Void = { _ in }) {
            self.validToken = validToken
            self.onRejection = onRejection
        }

        var transport: StubTransport {
            StubTransport { [self] request in
                let id = request.value(forHTTPHeaderField: "X-Request-Id") ?? "?"
                let authorization = request.value(forHTTPHeaderField: "Authorization") ?? ""
                sendsPerRequest.withLock { $0[id, default: 0] += 1 }
                authorizations.append(authorization)
                guard authorization == "Bearer \(validToken)" else {
                    onRejection(rejections.withLock { count in count += 1; return count })
                    return .response(statusCode: 401, body: Data(#"{"code":401}"#.utf8))
                }
                return .response(statusCode: 200, body: Data(id.utf8))
            }
        }
    }

    /// A refresh the test completes by hand, counting how often it was started.
    private final class ManualRefresh: Sendable {
        let starts = Locked(0)
        let pending = Locked<[@Sendable (Result<String, NetworkError>) -> Void]>([])

        var closure: TokenRefresher.Refresh {
            { [self] completion in
                starts.withLock { $0 += 1 }
                pending.withLock { $0.append(completion) }
            }
        }

        func complete(with result: Result<String, NetworkError>) {
            for completion in pending.withLock({ pending in defer { pending = [] }; return pending }) { completion(result) }
        }
    }

    private func request(_ id: Int) -> HTTPRequest {
        var request = HTTPRequest(url: URL(string: "https://api.example.com/feed")!)
        request.setValue("\(id)", forHTTPHeaderField: "X-Request-Id")
        return request
    }

    func testARefreshThatNeverAnswersEndsWithinTheRequestsDeadline() {
        let backend = Backend(validToken: "new")
        let refresh = ManualRefresh()  // never completed: the token endpoint hangs
        let transport = AuthenticatedTransport(
            wrapping: backend.transport, refresher: TokenRefresher(token: "old", refresh: refresh.closure), timeout: 0.3)
        let done = expectation(description: "answered")
        let outcomes = Recorder<String>()
        let started = Date()
        _ = transport.send(request(1)) { result in
            outcomes.append(RecordingPlugin.describe(result.map { Response(httpResponse: $0.0, data: $0.1, request: nil) }))
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.9, "within the deadline x 3")
        XCTAssertEqual(outcomes.all, ["The request timed out (GET https://api.example.com/feed)"])
        XCTAssertEqual(refresh.starts.current, 1)
        refresh.complete(with: .success("new"))
        XCTAssertEqual(backend.sendsPerRequest.current["1"], 1, "no retry after the deadline")
        XCTAssertEqual(outcomes.all.count, 1, "answered once")
    }

    /// A transport that never answers on its own and answers `.cancelled` at once when its
    /// request is cancelled, as the curl transport does.
    private struct HangingTransport: HTTPTransport {
        func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
            let cancelled = Locked(false)
            return Disposables.create {
                guard !cancelled.withLock({ was in defer { was = true }; return was }) else { return }
                completion(.failure(.cancelled(request)))
            }
        }
    }

    func testARequestPastTheDeadlineTimesOutRatherThanReportingItsOwnCancellation() {
        let transport = AuthenticatedTransport(
            wrapping: HangingTransport(), refresher: TokenRefresher(token: "old") { _ in }, timeout: 0.05)
        let done = expectation(description: "answered")
        let outcomes = Recorder<String>()
        _ = transport.send(request(1)) { result in
            outcomes.append(RecordingPlugin.describe(result.map { Response(httpResponse: $0.0, data: $0.1, request: nil) }))
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(outcomes.all, ["The request timed out (GET https://api.example.com/feed)"])
    }

    func testTheRetryIsSentWithWhatIsLeftOfTheDeadline() {
        let seen = Recorder<Double>()
        let inner = StubTransport { request in
            seen.append(request.timeoutInterval ?? -1)
            return request.value(forHTTPHeaderField: "Authorization") == "Bearer new"
                ? .response(statusCode: 200, body: Data()) : .response(statusCode: 401, body: Data())
        }
        let transport = AuthenticatedTransport(
            wrapping: inner, refresher: TokenRefresher(token: "old") { completion in completion(.success("new")) }, timeout: 5)
        _ = transport.send(request(1)) { _ in }
        XCTAssertEqual(seen.all.count, 2)
        XCTAssertTrue(seen.all.allSatisfy { $0 > 4 && $0 <= 5 }, "\(seen.all)")
    }

    func testTenRejectedRequestsShareOneRefreshAndAreEachRetriedOnceWithTheNewToken() {
        let backend = Backend(validToken: "new")
        let refresh = ManualRefresh()
        let transport = AuthenticatedTransport(wrapping: backend.transport, refresher: TokenRefresher(token: "old", refresh: refresh.closure))
        let results = Recorder<String>()

        for id in 1...10 {
            _ = transport.send(request(id)) { result in
                results.append((try? String(decoding: result.get().1, as: UTF8.self)) ?? "failed")
            }
        }
        XCTAssertEqual(refresh.starts.current, 1, "one refresh while all ten wait")
        XCTAssertEqual(results.all, [])

        refresh.complete(with: .success("new"))

        XCTAssertEqual(Set(results.all), Set((1...10).map(String.init)))
        XCTAssertEqual(refresh.starts.current, 1)
        XCTAssertEqual(backend.authorizations.all.filter { $0 == "Bearer new" }.count, 10, "ten retries")
        XCTAssertEqual(backend.sendsPerRequest.current, Dictionary(uniqueKeysWithValues: (1...10).map { ("\($0)", 2) }), "no request sent more than twice")
    }

    func testTenConcurrentRequestsThroughAProviderCauseExactlyOneRefresh() {
        let allRejected = DispatchSemaphore(value: 0)
        let backend = Backend(validToken: "fresh") { count in if count == 10 { allRejected.signal() } }
        let refreshes = Locked(0)
        let refresher = TokenRefresher(token: "stale") { completion in
            refreshes.withLock { $0 += 1 }
            DispatchQueue.global().async {
                allRejected.wait()
                completion(.success("fresh"))
            }
        }
        let provider = Provider<URLTarget>(transport: AuthenticatedTransport(wrapping: backend.transport, refresher: refresher))
        let results = Recorder<Int>()
        let done = expectation(description: "all ten answered")
        done.expectedFulfillmentCount = 10

        DispatchQueue.concurrentPerform(iterations: 10) { id in
            let target = URLTarget(baseURL: URL(string: "https://api.example.com/")!, path: "feed", headers: ["X-Request-Id": "\(id)"])
            provider.request(target) { result in
                results.append((try? result.get().statusCode) ?? -1)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)

        XCTAssertEqual(refreshes.current, 1)
        XCTAssertEqual(results.all, Array(repeating: 200, count: 10))
        XCTAssertEqual(backend.authorizations.all.filter { $0 == "Bearer fresh" }.count, 10)
        XCTAssertTrue(backend.sendsPerRequest.current.values.allSatisfy { $0 == 2 }, "\(backend.sendsPerRequest.current)")
    }

    func testAFailedRefreshFailsEveryWaitingRequestWithoutRetrying() {
        let backend = Backend(validToken: "never")
        let refresh = ManualRefresh()
        let transport = AuthenticatedTransport(wrapping: backend.transport, refresher: TokenRefresher(token: "old", refresh: refresh.closure))
        let results = Recorder<String>()

        for id in 1...10 {
            _ = transport.send(request(id)) { result in
                if case .failure(let error) = result { results.append(error.message) }
            }
        }
        refresh.complete(with: .failure(.statusCode(Response(statusCode: 500, data: Data()))))

        XCTAssertEqual(refresh.starts.current, 1)
        XCTAssertEqual(results.all, Array(repeating: "Authentication failed: the token refresh failed: Unacceptable status code 500 (status 500) (GET https://api.example.com/feed)", count: 10))
        XCTAssertEqual(backend.sendsPerRequest.current.values.reduce(0, +), 10, "nothing was retried")
    }

    func testARetryRejectedAgainEndsWithThatRejectionInsteadOfLooping() {
        let backend = Backend(validToken: "unreachable")
        let refreshes = Locked(0)
        let refresher = TokenRefresher(token: "old") { completion in
            refreshes.withLock { $0 += 1 }
            completion(.success("also-wrong"))
        }
        let transport = AuthenticatedTransport(wrapping: backend.transport, refresher: refresher)
        let results = Recorder<String>()

        _ = transport.send(request(1)) { result in
            if case .success(let (response, _)) = result { results.append("HTTP \(response.statusCode)") }
        }

        XCTAssertEqual(results.all, ["HTTP 401"], "the second rejection is the answer, with its status")
        XCTAssertEqual(refreshes.current, 1)
        XCTAssertEqual(backend.sendsPerRequest.current, ["1": 2])
    }

    func testABusinessCodeCanSignalAnExpiredToken() {
        let sends = Recorder<String>()
        let envelope = StubTransport { request in
            let authorization = request.value(forHTTPHeaderField: "Authorization") ?? ""
            sends.append(authorization)
            let code = authorization == "Bearer renewed" ? 0 : 40101
            return .response(statusCode: 200, body: Data(#"{"code":\#(code),"msg":"","data":{}}"#.utf8))
        }
        let refresher = TokenRefresher(token: "expired") { $0(.success("renewed")) }
        let transport = AuthenticatedTransport(wrapping: envelope, refresher: refresher) { _, body in
            (try? JSON.parse([UInt8](body)))?["code"] == 40101
        }
        let results = Recorder<String>()

        _ = transport.send(request(1)) { result in results.append((try? String(decoding: result.get().1, as: UTF8.self)) ?? "failed") }

        XCTAssertEqual(sends.all, ["Bearer expired", "Bearer renewed"])
        XCTAssertEqual(results.all, [#"{"code":0,"msg":"","data":{}}"#])
        XCTAssertEqual(refresher.credential, TokenRefresher.Credential(token: "renewed", generation: 1))
    }

    func testARequestRejectedAfterARefreshFinishedUsesTheNewTokenWithoutRefreshingAgain() {
        let refresh = ManualRefresh()
        let refresher = TokenRefresher(token: "old", refresh: refresh.closure)
        let results = Recorder<Int>()

        // Sent with "old" (generation 0), answered only after the refresh to "new" completed.
        refresher.renew(after: 0) { _ in }
        refresh.complete(with: .success("new"))
        refresher.renew(after: 0) { results.append((try? $0.get()) == "new" ? 1 : 0) }

        XCTAssertEqual(refresh.starts.current, 1)
        XCTAssertEqual(results.all, [1])
    }

    func testCancellingARequestWaitingForTheRefreshSkipsItsRetry() {
        let backend = Backend(validToken: "new")
        let refresh = ManualRefresh()
        let transport = AuthenticatedTransport(wrapping: backend.transport, refresher: TokenRefresher(token: "old", refresh: refresh.closure))
        let results = Recorder<String>()

        let pending = transport.send(request(1)) { result in
            if case .failure(let error) = result { results.append(error.message) }
        }
        pending.dispose()
        refresh.complete(with: .success("new"))

        XCTAssertEqual(results.all, ["The request was cancelled (GET https://api.example.com/feed)"])
        XCTAssertEqual(backend.sendsPerRequest.current, ["1": 1])
    }
}

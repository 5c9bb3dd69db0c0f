import Foundation
import Network
import Reactive
import XCTest

/// Moya's `MoyaProviderSpec`, continued: delayed stubs (in virtual time: Moya waits 0.5 s of
/// real time), the cancellable token, callback queues and validation of stubbed answers.
final class MoyaProviderDelayedStubSpec: XCTestCase {
    private let delay = 0.5
    private let scheduler = TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
    private let plugin = TestingPlugin()
    private lazy var provider = Provider<GitHub>(stubClosure: Provider.delayedStub(delay), stubScheduler: scheduler, plugins: [plugin])

    func testDelaysExecution() {
        let answeredAt = Box<TestTime>()
        provider.request(.zen) { [scheduler] _ in answeredAt.set(scheduler.clock) }
        scheduler.advanceTo(49)
        XCTAssertNil(answeredAt.value, "not before the delay")
        scheduler.advanceTo(100)
        XCTAssertEqual(answeredAt.value, 50)
    }

    func testReturnsAnErrorWhenRequestIsCancelled() {
        let result = Box<Result<Response, NetworkError>>()
        provider.request(.userProfile("ashfurrow")) { result.set($0) }.dispose()
        scheduler.advanceTo(100)
        guard case .failure? = result.value else { return XCTFail("expected an error, got \(String(describing: result.value))") }
    }

    func testNotifiesPluginsWhenRequestIsCancelled() {
        provider.request(.userProfile("ashfurrow")) { _ in }.dispose()
        scheduler.advanceTo(100)
        guard case .failure? = plugin.result else { return XCTFail("the plugin saw \(String(describing: plugin.result))") }
    }

    func testPreparesTheRequestUsingPlugins() {
        provider.request(.userProfile("ashfurrow")) { _ in }
        scheduler.advanceTo(100)
        XCTAssertTrue(plugin.didPrepare)
    }

    func testReturnsSuccessWhenRequestIsNotCancelled() {
        let result = Box<Result<Response, NetworkError>>()
        provider.request(.userProfile("ashfurrow")) { result.set($0) }
        scheduler.advanceTo(100)
        XCTAssertNotNil(try result.value?.get())
    }

    func testProcessesTheResponseWithPlugins() {
        let result = Box<Result<Response, NetworkError>>()
        provider.request(.userProfile("ashfurrow")) { result.set($0) }
        scheduler.advanceTo(100)
        XCTAssertEqual(try result.value?.get().statusCode, -1)
    }

    /// `describe("the cancellable token")`. Deliberate difference: Moya fails a cancelled request
    /// with `.underlying(NSError NSURLErrorCancelled)`; ours is the typed `.cancelled(request)`
    /// (DESIGN.md, "Deliberate differences from Moya").
    func testTheCancellableTokenInvokesCompletionWithAFailureIfCancelledImmediately() {
        let result = Box<Result<Response, NetworkError>>()
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(0.5), stubScheduler: scheduler)
        provider.request(.zen) { result.set($0) }.dispose()
        scheduler.advanceTo(100)
        guard case .failure(let error)? = result.value else { return XCTFail("expected a failure") }
        guard case .cancelled(let request?) = error else { return XCTFail("expected .cancelled, got \(error)") }
        XCTAssertEqual(request.url.absoluteString, "https://api.github.com/zen")
        XCTAssertTrue(error.isCancelled)
    }
}

/// `describe("using a custom callback queue")`: our callback queue is a `SchedulerType`.
extension MoyaProviderDelayedStubSpec {
    func testAProviderWithACallbackSchedulerInvokesTheCallbackOnIt() {
        let callbacks = TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
        let provider = Provider<GitHub>(
            callbackScheduler: callbacks, transport: StubTransport { _ in .response(statusCode: 200, body: GitHub.zen.sampleData) })
        let result = Box<Result<Response, NetworkError>>()
        provider.request(.zen) { result.set($0) }
        XCTAssertNil(result.value, "the transport answered, the callback waits for its scheduler")
        callbacks.advanceTo(1)
        XCTAssertEqual(try result.value?.get().data, GitHub.zen.sampleData)
    }

    /// Deliberate difference: without a callback queue Moya calls back on the main queue; a
    /// headless process has none, so ours runs where the answer arrived (here: inside the
    /// transport's scheduler) and a caller that needs a thread names its scheduler.
    func testAProviderWithoutACallbackSchedulerInvokesTheCallbackWhereTheAnswerArrived() {
        let transportScheduler = TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
        let provider = Provider<GitHub>(
            transport: StubTransport(scheduler: transportScheduler, delay: 0.1) { _ in .response(statusCode: 200, body: GitHub.zen.sampleData) })
        let answeredAt = Box<TestTime>()
        provider.request(.zen) { _ in answeredAt.set(transportScheduler.clock) }
        transportScheduler.advanceTo(100)
        XCTAssertEqual(answeredAt.value, 10, "run by the transport's scheduler, at the moment it answered")
    }
}

/// `describe("a provider for stubbed requests with validation")` (Moya #1592).
extension MoyaProviderDelayedStubSpec {
    private func stubbedProvider(status: Int) -> Provider<GitHub> {
        Provider(
            endpointClosure: { target in
                Endpoint(url: url(target), sampleResponseClosure: { .networkResponse(status, target.sampleData) },
                         method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub)
    }

    func testAStubbedResponseWithAnInvalidStatusCodeReturnsAnError() {
        guard case .failure(.statusCode(let response))? = stubbedProvider(status: 400).result(of: .zen) else {
            return XCTFail("expected the validation error")
        }
        XCTAssertEqual(response.statusCode, 400)
    }

    func testAStubbedResponseWithAValidStatusCodeReturnsAResponse() throws {
        let response = try XCTUnwrap(stubbedProvider(status: 200).result(of: .zen)).get()
        XCTAssertTrue(GitHub.zen.validationType.statusCodes.contains(response.statusCode))
    }
}

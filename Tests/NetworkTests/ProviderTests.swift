import Foundation
import Reactive
import XCTest
@testable import Network

final class ProviderTests: XCTestCase {
    func testPluginsRunInOrderPrepareWillSendStubDidReceiveProcess() {
        let first = RecordingPlugin(name: "first")
        let second = RecordingPlugin(name: "second")
        let provider = Provider<TestAPI>(stubClosure: Provider.immediatelyStub, plugins: [first, second])
        let results = Recorder<String>()

        provider.request(.zen) { results.append(RecordingPlugin.describe($0)) }

        XCTAssertEqual(first.calls, [
            "first.prepare", "first.willSend(preparedBy: first,second)", "first.didReceive(200)", "first.process",
        ])
        XCTAssertEqual(second.calls, [
            "second.prepare", "second.willSend(preparedBy: first,second)", "second.didReceive(200)", "second.process",
        ])
        XCTAssertEqual(results.all, ["200"])
    }

    func testPluginHooksInterleaveAcrossPluginsInMoyaOrder() {
        let shared = Recorder<String>()
        struct Tracing: PluginType {
            let name: String
            let trace: Recorder<String>
            func prepare(_ request: HTTPRequest, target: any TargetType) -> HTTPRequest { trace.append("\(name).prepare"); return request }
            func willSend(_ request: HTTPRequest, target: any TargetType) { trace.append("\(name).willSend") }
            func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) { trace.append("\(name).didReceive") }
            func process(_ result: Result<Response, NetworkError>, target: any TargetType) -> Result<Response, NetworkError> {
                trace.append("\(name).process")
                return result
            }
        }
        let transport = StubTransport { _ in
            shared.append("network")
            return .response(statusCode: 200, body: Data())
        }
        let provider = Provider<TestAPI>(transport: transport, plugins: [Tracing(name: "a", trace: shared), Tracing(name: "b", trace: shared)])

        provider.request(.zen) { _ in shared.append("completion") }

        XCTAssertEqual(shared.all, [
            "a.prepare", "b.prepare", "a.willSend", "b.willSend", "network",
            "a.didReceive", "b.didReceive", "a.process", "b.process", "completion",
        ])
    }

    func testProcessCanReplaceTheResult() {
        let replacement = Response(statusCode: 299, data: Data("swapped".utf8))
        let provider = Provider<TestAPI>(stubClosure: Provider.immediatelyStub, plugins: [RecordingPlugin(processOverride: .success(replacement))])
        let results = Recorder<Result<Response, NetworkError>>()
        provider.request(.zen) { results.append($0) }
        XCTAssertEqual(try results.all.first?.get().data, Data("swapped".utf8))
    }

    func testImmediateStubAnswersWithSampleDataOnTheStubScheduler() throws {
        let scheduler = TestScheduler.centiseconds()
        let provider = Provider<TestAPI>(stubClosure: Provider.immediatelyStub, stubScheduler: scheduler)
        let results = Recorder<Result<Response, NetworkError>>()

        provider.request(.zen) { results.append($0) }
        XCTAssertTrue(results.all.isEmpty, "nothing happens before the scheduler runs")

        scheduler.advanceTo(0)
        let response = try XCTUnwrap(results.all.first).get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(try response.mapString(), "Half measures are as bad as nothing at all.")
        XCTAssertEqual(response.request?.url.absoluteString, "https://api.example.com/v1/zen")
    }

    func testDelayedStubAnswersExactlyWhenVirtualTimeReachesTheDelay() {
        let scheduler = TestScheduler.centiseconds()
        let provider = Provider<TestAPI>(stubClosure: Provider.delayedStub(1.5), stubScheduler: scheduler)
        let answeredAt = Recorder<TestTime>()

        provider.request(.zen) { _ in answeredAt.append(scheduler.clock) }
        scheduler.advanceTo(149)
        XCTAssertEqual(answeredAt.all, [])
        scheduler.advanceTo(150)
        XCTAssertEqual(answeredAt.all, [150])
    }

    func testDelayedStubWithoutASchedulerStillAnswers() {
        let provider = Provider<TestAPI>(stubClosure: Provider.delayedStub(0.01))
        let answered = expectation(description: "answered")
        let results = Recorder<String>()
        provider.request(.zen) { result in
            results.append(RecordingPlugin.describe(result))
            answered.fulfill()
        }
        wait(for: [answered], timeout: 10)
        XCTAssertEqual(results.all, ["200"])
    }

    func testDisposingADelayedStubCancelsItAndReportsCancelledOnce() {
        let scheduler = TestScheduler.centiseconds()
        let recording = RecordingPlugin()
        let provider = Provider<TestAPI>(stubClosure: Provider.delayedStub(1), stubScheduler: scheduler, plugins: [recording])
        let results = Recorder<String>()

        let request = provider.request(.zen) { results.append(RecordingPlugin.describe($0)) }
        request.dispose()
        scheduler.advanceTo(500)

        XCTAssertEqual(results.all, ["The request was cancelled (GET https://api.example.com/v1/zen)"])
        XCTAssertEqual(recording.calls, [
            "plugin.prepare", "plugin.willSend(preparedBy: plugin)",
            "plugin.didReceive(The request was cancelled (GET https://api.example.com/v1/zen))", "plugin.process",
        ])
    }

    func testSampleResponsesCanCarryHeadersOrErrors() throws {
        let withHeaders = Provider<TestAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacingSample { .response(statusCode: 201, headers: ["Link": "<next>"], data: Data()) }
            },
            stubClosure: Provider.immediatelyStub)
        let failing = Provider<TestAPI>(
            endpointClosure: { target in Provider.defaultEndpointMapping(for: target).replacingSample { .networkError(.timedOut(nil)) } },
            stubClosure: Provider.immediatelyStub)
        let results = Recorder<Result<Response, NetworkError>>()

        withHeaders.request(.zen) { results.append($0) }
        failing.request(.zen) { results.append($0) }

        XCTAssertEqual(try results.all[0].get().header("link"), "<next>")
        XCTAssertEqual(RecordingPlugin.describe(results.all[1]), "The request timed out (GET https://api.example.com/v1/zen)")
    }

    func testCustomEndpointClosureAddsCommonHeadersAndRequestClosureSetsTimeout() throws {
        let seen = Recorder<HTTPRequest>()
        let provider = Provider<TestAPI>(
            endpointClosure: { Provider.defaultEndpointMapping(for: $0).adding(newHTTPHeaderFields: ["Content-Type": "application/json", "uid": "456"]) },
            requestClosure: { endpoint in
                // Seed 004's request closure: `request.timeoutInterval = 12`.
                Provider<TestAPI>.defaultRequestMapping(for: endpoint).map { request in
                    var timed = request
                    timed.timeoutInterval = 12
                    return timed
                }
            },
            transport: StubTransport { request in
                seen.append(request)
                return .response(statusCode: 200, body: Data())
            })

        provider.request(.zen) { _ in }

        let request = try XCTUnwrap(seen.all.first)
        XCTAssertEqual(request.value(forHTTPHeaderField: "uid"), "456")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(request.timeoutInterval, 12)
        XCTAssertNil(try Provider<TestAPI>.defaultRequestMapping(for: Provider<TestAPI>.defaultEndpointMapping(for: TestAPI.zen)).get().timeoutInterval,
                     "the default leaves the deadline to the transport")
    }

    func testARequestClosureFailureReachesTheCompletionWithoutSending() {
        let sent = Recorder<HTTPRequest>()
        let provider = Provider<TestAPI>(
            requestClosure: { _ in .failure(.requestMapping("bad")) },
            transport: StubTransport { sent.append($0); return .never })
        let results = Recorder<String>()
        provider.request(.zen) { results.append(RecordingPlugin.describe($0)) }
        XCTAssertEqual(results.all, [#"Could not build a request for the URL "bad""#])
        XCTAssertTrue(sent.all.isEmpty)
    }

    func testValidationTypeTurnsUnacceptedStatusIntoStatusCodeError() {
        let provider = Provider<TestAPI>(transport: StubTransport { _ in .response(statusCode: 500, body: Data("oops".utf8)) })
        let results = Recorder<String>()
        provider.request(.onlySuccess) { results.append(RecordingPlugin.describe($0)) }
        provider.request(.zen) { results.append(RecordingPlugin.describe($0)) }
        XCTAssertEqual(results.all, ["Unacceptable status code 500 (GET https://api.example.com/v1/strict, status 500)", "500"])
    }

    func testCompletionsRunOnTheCallbackScheduler() {
        let callbacks = TestScheduler.centiseconds()
        let provider = Provider<TestAPI>(stubClosure: Provider.immediatelyStub, callbackScheduler: callbacks)
        let results = Recorder<String>()
        provider.request(.zen) { results.append(RecordingPlugin.describe($0)) }
        XCTAssertEqual(results.all, [])
        callbacks.advanceTo(0)
        XCTAssertEqual(results.all, ["200"])
    }

    func testRxRequestDeliversTheResponseAsASingle() {
        let scheduler = TestScheduler.centiseconds()
        let provider = Provider<TestAPI>(stubClosure: Provider.delayedStub(2), stubScheduler: scheduler)
        let events = Recorder<String>()
        let subscription = provider.rx.request(.user("ada")).map { try $0.map(User.self, atKeyPath: "data").login }.subscribe { event in
            events.append("\(event)")
        }
        scheduler.advanceTo(200)
        XCTAssertEqual(events.all, ["next(ada)", "completed"])
        subscription.dispose()
    }

    func testDisposingTheRxSubscriptionCancelsTheTransportRequest() {
        let transport = StubTransport { _ in .never }
        let provider = Provider<TestAPI>(transport: transport, plugins: [RecordingPlugin()])
        let recording = provider.plugins[0] as! RecordingPlugin
        let events = Recorder<String>()

        let subscription = provider.rx.request(.zen).subscribe { events.append("\($0)") }
        subscription.dispose()

        XCTAssertEqual(events.all, [], "a disposed single emits nothing")
        XCTAssertEqual(recording.calls.last, "plugin.process")
        XCTAssertTrue(recording.calls.contains("plugin.didReceive(The request was cancelled (GET https://api.example.com/v1/zen))"))
    }
}

private struct User: Decodable, Sendable {
    let login: String
    let id: Int
}

extension Endpoint {
    /// This endpoint answering `sample` when stubbed.
    fileprivate func replacingSample(_ sample: @escaping SampleResponseClosure) -> Endpoint {
        Endpoint(url: url, sampleResponseClosure: sample, method: method, task: task, httpHeaderFields: httpHeaderFields)
    }
}

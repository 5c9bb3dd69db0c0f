import Foundation
import JSON
import Network
import Reactive
import XCTest

/// Moya's `MoyaProvider+RxSpec`: `provider.rx.request` as a `Single<Response>`.
final class MoyaProviderRxSpec: XCTestCase {
    private let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)

    func testEmitsAResponseObject() {
        guard case .success? = outcome(provider.rx.request(.zen)) else { return XCTFail("expected a response") }
    }

    func testEmitsStubbedDataForZenRequest() throws {
        XCTAssertEqual(try XCTUnwrap(outcome(provider.rx.request(.zen))).get().data, GitHub.zen.sampleData)
    }

    func testMapsJSONDataCorrectlyForUserProfileRequest() throws {
        let json = try XCTUnwrap(outcome(provider.rx.request(.userProfile("ashfurrow")).mapJSON())).get()
        XCTAssertNotNil(json.objectValue)
        XCTAssertEqual(json["login"]?.stringValue, "ashfurrow")
    }

    func testFailingEmitsTheCorrectErrorMessage() {
        let failing = Provider<GitHub>(endpointClosure: failureEndpointClosure, stubClosure: Provider.immediatelyStub)
        guard case .failure(let error)? = outcome(failing.rx.request(.zen)),
            case .underlying(let underlying, _, _)? = error as? NetworkError
        else { return XCTFail("expected an Underlying error that Houston has a problem") }
        XCTAssertEqual(underlying.localizedDescription, "Houston, we have a problem")
    }

    func testFailingEmitsAnError() {
        let failing = Provider<GitHub>(endpointClosure: failureEndpointClosure, stubClosure: Provider.immediatelyStub)
        guard case .failure? = outcome(failing.rx.request(.zen)) else { return XCTFail("we should have errored") }
    }

    /// "invokes the callback on the provider queue": our callback queue is a scheduler.
    func testAProviderWithACallbackSchedulerEmitsOnIt() {
        let callbacks = TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
        let provider = Provider<GitHub>(
            callbackScheduler: callbacks, transport: StubTransport { _ in .response(statusCode: 200, body: GitHub.zen.sampleData) })
        let box = Box<Result<Response, any Error>>()
        let subscription = provider.rx.request(.zen).subscribe { box.set($0) }
        XCTAssertNil(box.value)
        callbacks.advanceTo(1)
        XCTAssertEqual(try box.value?.get().data, GitHub.zen.sampleData)
        subscription.dispose()
    }

    /// Deliberate difference: Moya emits on the main queue without a callback queue; ours where
    /// the answer arrived (DESIGN.md, "Deliberate differences from Moya").
    func testAProviderWithoutACallbackSchedulerEmitsWhereTheAnswerArrived() {
        let transportScheduler = TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
        let provider = Provider<GitHub>(
            transport: StubTransport(scheduler: transportScheduler, delay: 0.2) { _ in .response(statusCode: 200, body: GitHub.zen.sampleData) })
        let emittedAt = Box<TestTime>()
        let subscription = provider.rx.request(.zen).subscribe { _ in emittedAt.set(transportScheduler.clock) }
        transportScheduler.advanceTo(100)
        XCTAssertEqual(emittedAt.value, 20)
        subscription.dispose()
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Provider {
    /// The request timeout the default request closure sets: 12 seconds, as in seed 004.
    public static var defaultTimeout: TimeInterval { 12 }

    /// The endpoint of `target` as written: `path` appended to `baseURL`, its method, task and
    /// headers, and a 200 response with `sampleData` as the stub.
    @Sendable
    public static func defaultEndpointMapping(for target: Target) -> Endpoint {
        Endpoint(
            url: Endpoint.url(for: target.path, relativeTo: target.baseURL),
            sampleResponseClosure: { .networkResponse(200, target.sampleData) },
            method: target.method,
            task: target.task,
            httpHeaderFields: target.headers
        )
    }

    /// The endpoint's `URLRequest` with the default timeout.
    @Sendable
    public static func defaultRequestMapping(for endpoint: Endpoint) -> Result<URLRequest, NetworkError> {
        do {
            var request = try endpoint.urlRequest()
            request.timeoutInterval = defaultTimeout
            return .success(request)
        } catch {
            return .failure(error)
        }
    }

    /// Stubs nothing.
    @Sendable
    public static func neverStub(_: Target) -> StubBehavior { .never }

    /// Stubs every target, answering at once.
    @Sendable
    public static func immediatelyStub(_: Target) -> StubBehavior { .immediate }

    /// Stubs every target, answering after `seconds`.
    public static func delayedStub(_ seconds: Double) -> StubClosure {
        { _ in .delayed(seconds: seconds) }
    }
}

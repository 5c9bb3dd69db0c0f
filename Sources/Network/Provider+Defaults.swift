import Foundation

extension Provider {
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

    /// The endpoint's `HTTPRequest`, with no timeout of its own: the transport's deadline
    /// applies (`CurlTransport.Limits.requestTimeout`, 12 seconds as in seed 004).
    @Sendable
    public static func defaultRequestMapping(for endpoint: Endpoint) -> Result<HTTPRequest, NetworkError> {
        do {
            return .success(try endpoint.urlRequest())
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

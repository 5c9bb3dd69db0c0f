import Foundation
import Reactive

/// Sends the requests of one API (Moya's `MoyaProvider`): maps a target to an endpoint, the
/// endpoint to a `HTTPRequest`, runs the plugins, and answers from the transport or a stub.
public final class Provider<Target: TargetType>: Sendable {
    /// Maps a target to its endpoint (e.g. adding common headers).
    public typealias EndpointClosure = @Sendable (Target) -> Endpoint
    /// Builds the `HTTPRequest` of an endpoint (e.g. setting the timeout).
    public typealias RequestClosure = @Sendable (Endpoint) -> Result<HTTPRequest, NetworkError>
    /// Decides whether a target is stubbed.
    public typealias StubClosure = @Sendable (Target) -> StubBehavior
    /// Receives the outcome of one request.
    public typealias Completion = @Sendable (Result<Response, NetworkError>) -> Void

    /// The endpoint closure.
    public let endpointClosure: EndpointClosure
    /// The request closure.
    public let requestClosure: RequestClosure
    /// The stub closure.
    public let stubClosure: StubClosure
    /// The plugins, called in this order.
    public let plugins: [any PluginType]
    /// What sends unstubbed requests.
    public let transport: any HTTPTransport

    private let stubScheduler: (any SchedulerType)?
    private let callbackScheduler: (any SchedulerType)?

    /// A provider; every argument has Moya's default.
    ///
    /// - Parameters:
    ///   - stubScheduler: where stubbed answers are delivered; `nil` answers immediate stubs
    ///     synchronously (as Moya does) and delayed stubs on a shared serial queue.
    ///   - callbackScheduler: where completions run; `nil` runs them wherever the answer arrived.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        stubScheduler: (any SchedulerType)? = nil,
        callbackScheduler: (any SchedulerType)? = nil,
        transport: any HTTPTransport = CurlTransport(),
        plugins: [any PluginType] = []
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = requestClosure
        self.stubClosure = stubClosure
        self.stubScheduler = stubScheduler
        self.callbackScheduler = callbackScheduler
        self.transport = transport
        self.plugins = plugins
    }

    /// The endpoint of `target`, as the endpoint closure maps it.
    public func endpoint(_ target: Target) -> Endpoint { endpointClosure(target) }

    /// Sends `target` and calls `completion` exactly once with the outcome; disposing the
    /// result cancels the request, which then completes with `.cancelled`.
    @discardableResult
    public func request(_ target: Target, completion: @escaping Completion) -> any Cancelable {
        let deliver = deliveringOnCallbackScheduler(completion)
        let endpoint = endpointClosure(target)
        let request: HTTPRequest
        switch requestClosure(endpoint) {
        case .success(let built):
            request = built
        case .failure(let error):
            deliver(.failure(error))
            return Disposables.create {}
        }

        let plugins = self.plugins
        let prepared = plugins.reduce(request) { $1.prepare($0, target: target) }
        plugins.forEach { $0.willSend(prepared, target: target) }

        let finish = OnceCallback<Result<Response, NetworkError>> { result in
            let validated = result.flatMap { Provider.validate($0, for: target) }
            plugins.forEach { $0.didReceive(validated, target: target) }
            deliver(plugins.reduce(validated) { $1.process($0, target: target) })
        }
        let work = perform(prepared, endpoint: endpoint, stub: stubClosure(target), finish: finish)
        return Disposables.create {
            work.dispose()
            finish(.failure(.cancelled(prepared)))
        }
    }

    private func perform(_ request: HTTPRequest, endpoint: Endpoint, stub: StubBehavior, finish: OnceCallback<Result<Response, NetworkError>>) -> Disposable {
        let answerStub: @Sendable () -> Void = {
            finish(Provider.result(of: endpoint.sampleResponseClosure(), for: request))
        }
        switch stub {
        case .never:
            return transport.send(request) { result in
                finish(result.map { Response(httpResponse: $0.0, data: $0.1, request: request) }.mapError { $0.attaching(request) })
            }
        case .immediate:
            guard let stubScheduler else {
                answerStub()
                return Disposables.create()
            }
            return stubScheduler.schedule(answerStub)
        case .delayed(let seconds):
            return (stubScheduler ?? delayedStubFallbackScheduler).scheduleRelative(seconds, answerStub)
        }
    }

    private func deliveringOnCallbackScheduler(_ completion: @escaping Completion) -> Completion {
        guard let callbackScheduler else { return completion }
        return { result in callbackScheduler.schedule { completion(result) } }
    }

    private static func validate(_ response: Response, for target: Target) -> Result<Response, NetworkError> {
        target.validationType.accepts(response.statusCode) ? .success(response) : .failure(.statusCode(response))
    }

    private static func result(of sample: EndpointSampleResponse, for request: HTTPRequest) -> Result<Response, NetworkError> {
        switch sample {
        case .networkResponse(let statusCode, let data):
            return .success(Response(statusCode: statusCode, data: data, request: request))
        case .response(let statusCode, let headers, let data):
            return .success(Response(statusCode: statusCode, data: data, request: request, headers: headers))
        case .networkError(let error):
            return .failure(error.attaching(request))
        }
    }
}

/// Where delayed stubs wait when the provider was given no stub scheduler.
private let delayedStubFallbackScheduler = SerialDispatchQueueScheduler(label: "Network.Provider.delayedStubs")

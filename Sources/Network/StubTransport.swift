import Foundation
import Reactive

/// A transport that answers from a closure instead of the network: for offline sources, tests
/// and demos. Any URL scheme is accepted (e.g. `stub://images/1.png`).
public struct StubTransport: HTTPTransport {
    /// How the route answers one request.
    public enum Reply: Sendable {
        /// An HTTP response.
        case response(statusCode: Int, headers: [String: String], body: Data)
        /// A transport failure.
        case failure(NetworkError)
        /// No answer at all; the request only ends when cancelled.
        case never

        /// A response with no extra headers.
        public static func response(statusCode: Int, body: Data) -> Reply {
            .response(statusCode: statusCode, headers: [:], body: body)
        }
    }

    private let scheduler: (any SchedulerType)?
    private let delay: RxTimeInterval
    private let route: @Sendable (HTTPRequest) -> Reply

    /// A transport answering each request with `route(request)`.
    ///
    /// Without a scheduler the answer is delivered synchronously inside `send`; with one it is
    /// scheduled on it, `delay` seconds later when `delay > 0` (virtual time in tests).
    public init(scheduler: (any SchedulerType)? = nil, delay: RxTimeInterval = 0, route: @escaping @Sendable (HTTPRequest) -> Reply) {
        self.scheduler = scheduler
        self.delay = delay
        self.route = route
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let finish = OnceCallback(completion)
        let route = self.route
        let answer: @Sendable () -> Void = {
            switch route(request) {
            case .response(let statusCode, let headers, let body):
                finish(.success((HTTPResponse(statusCode: statusCode, headers: headers), body)))
            case .failure(let error):
                finish(.failure(error.attaching(request)))
            case .never:
                break
            }
        }
        let scheduled: Disposable
        if let scheduler {
            scheduled = delay > 0 ? scheduler.scheduleRelative(delay, answer) : scheduler.schedule(answer)
        } else {
            answer()
            scheduled = Disposables.create()
        }
        return Disposables.create {
            scheduled.dispose()
            finish(.failure(.cancelled(request)))
        }
    }
}

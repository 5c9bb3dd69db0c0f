import Foundation
@testable import Images
import Locking
import Network
import Reactive

/// A transport that holds every request until the test answers it, recording what was sent
/// (URL, headers, priority) and what was cancelled, so tests arrange overlaps by hand.
final class HeldTransport: HTTPTransport {
    struct Sent {
        let request: HTTPRequest
        let completion: @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void
        var cancelled = false
    }

    private let sent = Locked<[Sent]>([])

    func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let index = sent.withLock { sent -> Int in
            sent.append(Sent(request: request, completion: completion))
            return sent.count - 1
        }
        return Disposables.create { [sent] in
            sent.withLock { $0[index].cancelled = true }
            completion(.failure(.cancelled(request)))
        }
    }

    /// Every request sent so far, in order.
    var requests: [HTTPRequest] { sent.current.map(\.request) }

    /// The paths of the requests sent and not cancelled.
    var livePaths: [String] { sent.current.filter { !$0.cancelled }.map(\.request.url.path) }

    /// Whether the `index`th request was cancelled.
    func wasCancelled(_ index: Int) -> Bool { sent.current[index].cancelled }

    /// Answers the `index`th request.
    func answer(_ index: Int, status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        let request = sent.current[index]
        request.completion(.success((HTTPResponse(statusCode: status, headers: headers), body)))
    }
}

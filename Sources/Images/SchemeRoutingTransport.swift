import Foundation
import Network
import Reactive

/// Sends `stub://` requests to one transport (the stub catalog's images) and everything else
/// to another (the network).
public struct SchemeRoutingTransport: HTTPTransport {
    /// Answers `stub://` URLs.
    public let stub: any HTTPTransport
    /// Answers every other URL.
    public let live: any HTTPTransport

    /// A router over two transports.
    public init(stub: any HTTPTransport, live: any HTTPTransport) {
        self.stub = stub
        self.live = live
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        (request.url.scheme?.lowercased() == "stub" ? stub : live).send(request, completion: completion)
    }
}

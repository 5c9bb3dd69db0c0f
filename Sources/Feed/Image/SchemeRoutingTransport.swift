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
    public init(stub: any HTTPTransport = SchemeRoutingTransport.stubImages, live: any HTTPTransport) {
        self.stub = stub
        self.live = live
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        (request.url.scheme?.lowercased() == "stub" ? stub : live).send(request, completion: completion)
    }

    /// A stub transport serving the stub catalog's generated PNGs (404 for unknown URLs).
    public static let stubImages = StubTransport { request in
        guard let png = StubCatalog.imageData(for: request.url.absoluteString) else {
            return .response(statusCode: 404, body: Data("no such stub image".utf8))
        }
        return .response(statusCode: 200, headers: ["Content-Type": "image/png"], body: Data(png))
    }
}

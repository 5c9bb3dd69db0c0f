import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Reactive

/// A transport made on its first request.
///
/// Creating a `URLSession` costs a noticeable share of `feedvm`'s start-up (its configuration,
/// cache and cookie storage); a session that only uses the offline `stub` source never pays it.
public final class LazyTransport: HTTPTransport {
    private let make: @Sendable () -> any HTTPTransport
    private let made = Locked<(any HTTPTransport)?>(nil)

    /// A transport that calls `make` once, when the first request is sent.
    public init(_ make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    /// The transport, made now if it was not yet.
    public var transport: any HTTPTransport {
        made.withLock { made in
            if let made { return made }
            let transport = make()
            made = transport
            return transport
        }
    }

    public func send(_ request: URLRequest, completion: @escaping @Sendable (Result<(HTTPURLResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        transport.send(request, completion: completion)
    }
}

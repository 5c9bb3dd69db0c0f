import Foundation
import Reactive

/// Sends one request and reports the raw HTTP answer; what the provider talks to.
///
/// Implementations call `completion` exactly once, also after cancellation (with `.cancelled`).
/// A status code is never an error at this level: validation belongs to the provider.
public protocol HTTPTransport: Sendable {
    /// Starts `request`; disposing the result cancels it.
    func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable
}

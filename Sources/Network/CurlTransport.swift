import Dispatch
import Foundation
import Locking
import Reactive

/// The real transport: libcurl's multi interface, driven by one event thread per transport.
///
/// libcurl is loaded on the first request (`CurlLibrary`), so a process that never sends one
/// never loads it. Every request gets curl's hard limits, as `Limits` sets them:
/// - a total deadline (`CURLOPT_TIMEOUT_MS`): connect, headers, body and redirects together;
/// - a cap on the body **after decoding**: `Content-Encoding` is inflated by curl, the bytes are
///   counted as they arrive and the transfer is aborted the moment the cap is passed (which
///   bounds compression bombs too); a declared `Content-Length` over the cap fails at once;
/// - a cap on the response headers;
/// - at most `maxRedirects` redirects, only to `http` and `https` (as the request itself);
/// - at most `maxHostConnections` connections to one host (more requests queue in curl) and
///   `maxTotalConnections` in all; connections are kept alive and reused.
///
/// The event thread sleeps in `curl_multi_poll` until a socket is ready, a deadline is due, or
/// work is added or cancelled (`curl_multi_wakeup`), so a pending request costs no CPU.
/// By default completions never run on it: they are delivered on a global dispatch queue, so a
/// slow consumer (JSON mapping, a cache write) never stalls other transfers. A consumer that
/// hops elsewhere at once (a provider with a callback scheduler) may take them on the event
/// thread instead (`Delivery.onEventThread`), which saves that hop.
public final class CurlTransport: HTTPTransport {
    /// Where completions run.
    public enum Delivery: Sendable {
        /// On a global dispatch queue.
        case dispatched
        /// On the event thread itself (a cancellation's on the cancelling thread): only for
        /// consumers that do nothing there but hand the result on.
        case onEventThread
    }

    /// The hard limits of one transport.
    public struct Limits: Sendable, Equatable {
        /// The default body cap: 20 MiB.
        public static let defaultMaxBodyBytes = 20 << 20
        /// The default total deadline: 12 seconds, as seed 004's `timeoutInterval`.
        public static let defaultRequestTimeout: TimeInterval = 12

        /// The largest response body accepted after decoding, in bytes.
        public var maxBodyBytes = Limits.defaultMaxBodyBytes
        /// The largest response head (status line and header fields, all redirects together).
        public var maxHeaderBytes = 256 << 10
        /// The deadline of a request that sets none itself, in seconds.
        public var requestTimeout = Limits.defaultRequestTimeout
        /// The most redirects followed for one request.
        public var maxRedirects = 10
        /// The most connections open to one host (scheme, name and port) at once.
        public var maxHostConnections = 6
        /// The most connections open at once.
        public var maxTotalConnections = 64
        /// The size of curl's receive buffer per transfer, or `nil` for curl's own (16 KiB):
        /// a larger one reads large bodies in fewer pieces.
        public var receiveBufferBytes: Int?

        /// The defaults.
        public init() {}
    }

    /// This transport's limits.
    public let limits: Limits
    /// Where completions run.
    public let delivery: Delivery
    private let loop = Locked<Result<CurlEventLoop, NetworkError>?>(nil)

    /// A transport with `limits`; nothing is loaded or started before the first request.
    public init(limits: Limits = Limits(), delivery: Delivery = .dispatched) {
        self.limits = limits
        self.delivery = delivery
    }

    deinit {
        // Transfers already started still finish; the thread then ends.
        if case .success(let loop)? = loop.current { loop.closeWhenIdle() }
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let scheme = request.url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            completion(.failure(.unsupportedURLScheme(scheme, request: request)))
            return Disposables.create {}
        }
        let loop: CurlEventLoop
        switch eventLoop() {
        case .success(let running):
            loop = running
        case .failure(let error):
            completion(.failure(error.attaching(request)))
            return Disposables.create {}
        }
        let deliver = delivery == .dispatched ? CurlTransport.dispatching(completion) : completion
        let transfer = CurlTransfer(request: request, limits: limits, completion: deliver)
        loop.add(transfer)
        return Disposables.create { loop.cancel(transfer) }
    }

    /// The event loop, started on the first request (with libcurl loaded then).
    private func eventLoop() -> Result<CurlEventLoop, NetworkError> {
        loop.withLock { loop in
            if let loop { return loop }
            let started = CurlLibrary.load().map { CurlEventLoop(limits: limits) }
            loop = started
            return started
        }
    }

    /// `completion`, called on a global queue: never on the event thread.
    private static func dispatching(_ completion: @escaping @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void)
        -> @Sendable (Result<(HTTPResponse, Data), NetworkError>) -> Void
    {
        { result in DispatchQueue.global().async { completion(result) } }
    }
}
